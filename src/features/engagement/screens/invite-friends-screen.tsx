import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Invite friends (/m/inviteFriends): the tenant's main slot, by default the member's referral
 * code, link, QR code and share, then the invited friends and the rewards they earned. Members
 * only (the route's guard) and only with the REFERRAL promotion (the screen module's guard).
 */
export default function InviteFriendsScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--inviteFriends">
      <Slot slot={tenant.screens.inviteFriends?.slots.main} path="screens.inviteFriends.slots.main" />
    </main>
  );
}
