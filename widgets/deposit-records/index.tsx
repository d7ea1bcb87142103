import { lazy, Suspense } from 'react';
import type { DepositRecordsProps } from '../../src/generated/widgets/deposit-records';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/**
 * The deposit record (range, state filter with counts, totals, the member's deposits and each
 * one's sheet). Its code loads with its screen, not with the first page.
 */
const Inner = lazy(() => import('./deposit-records'));

function DepositRecords(props: WidgetComponentProps<DepositRecordsProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<DepositRecordsProps>({
  name: 'deposit-records',
  version: '1.0.0',
  propsSchema,
  defaults: { depositTo: href('voucherCenter') },
  component: DepositRecords,
});
