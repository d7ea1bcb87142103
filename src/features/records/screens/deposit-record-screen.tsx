import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Deposit record (/m/vouReport): the tenant's main slot, by default the range, the state filter,
 * the totals and the deposits. The member's rows load after hydration; the server paints the frame.
 */
export default function DepositRecordScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--vouReport records-screen">
      <Slot slot={tenant.screens.vouReport?.slots.main} path="screens.vouReport.slots.main" />
    </main>
  );
}
