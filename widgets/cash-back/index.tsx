import { lazy, Suspense } from 'react';
import type { CashBackProps } from '../../src/generated/widgets/cash-back';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Single cash back: the accrued rebate and its claim. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./cash-back'));

function CashBack(props: WidgetComponentProps<CashBackProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<CashBackProps>({
  name: 'cash-back',
  version: '1.0.0',
  propsSchema,
  defaults: { recordTo: href('transactionRecord') },
  component: CashBack,
});
