import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Single cash back (/m/member/manualRebate): the tenant's main slot, by default the accrued rebate and its claim.
 * The member's numbers load after hydration; the server paints the frame.
 */
export default function ManualRebateScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--manualRebate">
      <Slot slot={tenant.screens.manualRebate?.slots.main} path="screens.manualRebate.slots.main" />
    </main>
  );
}
