import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Mission activity (/m/leaderBoard, the MISSION promotion type enabled): the tenant's main slot,
 * by default the missions with their tasks (join, progress, claim) and the week's ranking. The
 * member's progress loads after hydration; the server paints the frame.
 */
export default function LeaderBoardScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--leaderBoard">
      <Slot slot={tenant.screens.leaderBoard?.slots.main} path="screens.leaderBoard.slots.main" />
    </main>
  );
}
