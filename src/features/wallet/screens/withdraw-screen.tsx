import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Withdraw (/m/withdraw): the tenant's main slot, by default the "why can't I withdraw?" panel
 * and the form. Both read the member's eligibility after hydration; the server paints the frame.
 */
export default function WithdrawScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--withdraw withdraw-screen">
      <Slot slot={tenant.screens.withdraw?.slots.main} path="screens.withdraw.slots.main" />
    </main>
  );
}
