import { useLocation } from 'react-router-dom';
import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { securityViewOf } from '../views';

/**
 * Security centre (/m/securityCenter). `?view=<name>` renders the slot of that name of the
 * tenant's screens.securityCenter (payment password, head icon, payout accounts, identity ...);
 * without one, or with a name the tenant has no slot for, the hub.
 */
export default function SecurityCentreScreen() {
  const tenant = useTenant();
  const { search } = useLocation();
  const screen = tenant.screens.securityCenter;
  const view = securityViewOf(search, screen?.slots ?? {});
  useSessionRenewal(useMemberScope());
  return (
    <main className={`screen screen--securityCenter security-centre security-centre--${view}`} data-view={view}>
      <Slot slot={screen?.slots[view]} path={`screens.securityCenter.slots.${view}`} />
    </main>
  );
}
