import { lazy, Suspense } from 'react';
import type { ProfitLossProps } from '../../src/generated/widgets/profit-loss';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/**
 * Profit and loss over a range, in one sentence and in figures. Its code loads with its screen,
 * not with the first page.
 */
const Inner = lazy(() => import('./profit-loss'));

function ProfitLoss(props: WidgetComponentProps<ProfitLossProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<ProfitLossProps>({
  name: 'profit-loss',
  version: '1.0.0',
  propsSchema,
  defaults: { betsTo: href('gameRecord'), accountTo: href('transactionRecord') },
  component: ProfitLoss,
});
