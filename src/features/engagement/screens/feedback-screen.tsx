import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Feedback (/m/feedback): the tenant's main slot, by default the form and the member's feedback
 * with the replies. Members only (the route's guard) and only with FEEDBACK3 (the route's flag).
 */
export default function FeedbackScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--feedback">
      <Slot slot={tenant.screens.feedback?.slots.main} path="screens.feedback.slots.main" />
    </main>
  );
}
