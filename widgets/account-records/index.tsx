import { lazy, Suspense } from 'react';
import type { AccountRecordsProps } from '../../src/generated/widgets/account-records';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/**
 * The account record (range, type filter, totals, the member's ledger entries). Its code loads
 * with its screen, not with the first page.
 */
const Inner = lazy(() => import('./account-records'));

function AccountRecords(props: WidgetComponentProps<AccountRecordsProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<AccountRecordsProps>({
  name: 'account-records',
  version: '1.0.0',
  propsSchema,
  defaults: { depositTo: href('voucherCenter') },
  component: AccountRecords,
});
