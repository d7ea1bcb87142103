import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Reward centre (/m/rewardCenter, flag REWCEN3): the tenant's main slot, by default the member's
 * rewards with their claim. The member's rewards load after hydration; the server paints the frame.
 */
export default function RewardCenterScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--rewardCenter">
      <Slot slot={tenant.screens.rewardCenter?.slots.main} path="screens.rewardCenter.slots.main" />
    </main>
  );
}
