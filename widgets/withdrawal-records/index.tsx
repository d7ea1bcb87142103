import { lazy, Suspense } from 'react';
import type { WithdrawalRecordsProps } from '../../src/generated/widgets/withdrawal-records';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/**
 * The withdrawal record (range, state filter with counts, totals, the member's withdrawals and
 * each one's sheet). Its code loads with its screen, not with the first page.
 */
const Inner = lazy(() => import('./withdrawal-records'));

function WithdrawalRecords(props: WidgetComponentProps<WithdrawalRecordsProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<WithdrawalRecordsProps>({
  name: 'withdrawal-records',
  version: '1.0.0',
  propsSchema,
  defaults: { withdrawTo: href('withdraw') },
  component: WithdrawalRecords,
});
