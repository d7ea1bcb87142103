import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Betting record (/m/gameRecord): the tenant's main slot, by default the range, the category
 * filter, the totals and the bets; a bet opens its round. The member's rows load after hydration;
 * the server paints the frame.
 */
export default function GameRecordScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--gameRecord records-screen">
      <Slot slot={tenant.screens.gameRecord?.slots.main} path="screens.gameRecord.slots.main" />
    </main>
  );
}
