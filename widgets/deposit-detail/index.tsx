import { lazy, Suspense } from 'react';
import type { DepositDetailProps } from '../../src/generated/widgets/deposit-detail';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** One deposit and what to do next. Its code loads with its screen, not with the first page. */
const Detail = lazy(() => import('./deposit-detail'));

function DepositDetail(props: WidgetComponentProps<DepositDetailProps>) {
  return (
    <Suspense fallback={null}>
      <Detail {...props} />
    </Suspense>
  );
}

export default defineWidget<DepositDetailProps>({
  name: 'deposit-detail',
  version: '1.0.0',
  propsSchema,
  defaults: { layout: 'base' },
  component: DepositDetail,
});
