import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Account record (/m/transaction/record; agents add ?types=A for their team's transfers): the
 * tenant's main slot, by default the range, the type filter and the entries with their balance
 * after. The member's rows load after hydration; the server paints the frame.
 */
export default function TransactionRecordScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--transactionRecord records-screen">
      <Slot slot={tenant.screens.transactionRecord?.slots.main} path="screens.transactionRecord.slots.main" />
    </main>
  );
}
