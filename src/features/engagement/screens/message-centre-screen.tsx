import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Message centre (/m/webEmail): the tenant's main slot, by default the message list. Members only
 * (the route's guard) and only with MAILCEN (the route's flag); the messages load after hydration.
 */
export default function MessageCentreScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--webEmail">
      <Slot slot={tenant.screens.webEmail?.slots.main} path="screens.webEmail.slots.main" />
    </main>
  );
}
