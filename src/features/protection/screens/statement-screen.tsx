import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Activity statement (/m/member/statement): the tenant's main slot, by default the statement per
 * month with its CSV download. Real members only (the route's guard).
 */
export default function StatementScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--statement">
      <Slot slot={tenant.screens.statement?.slots.main} path="screens.statement.slots.main" />
    </main>
  );
}
