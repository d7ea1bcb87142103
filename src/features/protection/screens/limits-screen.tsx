import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * My limits (/m/member/limits): the tenant's main slot, by default the limits panel (each limit
 * with what remains, pending changes with their countdown, the form). Real members only (the
 * route's guard); the limits load after hydration.
 */
export default function LimitsScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--limits">
      <Slot slot={tenant.screens.limits?.slots.main} path="screens.limits.slots.main" />
    </main>
  );
}
