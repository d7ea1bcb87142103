import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Withdrawal record (/m/withdrawReport): the tenant's main slot, by default the range, the state
 * filter, the totals and the withdrawals. The member's rows load after hydration; the server paints the frame.
 */
export default function WithdrawalRecordScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--withdrawReport records-screen">
      <Slot slot={tenant.screens.withdrawReport?.slots.main} path="screens.withdrawReport.slots.main" />
    </main>
  );
}
