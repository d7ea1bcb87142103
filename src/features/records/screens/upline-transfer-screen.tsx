import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Transfer to upline (/m/upLine/transfer): the tenant's main slot, by default the transfer form with its reasons.
 * The member's numbers load after hydration; the server paints the frame.
 */
export default function UplineTransferScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--uplineTransfer">
      <Slot slot={tenant.screens.uplineTransfer?.slots.main} path="screens.uplineTransfer.slots.main" />
    </main>
  );
}
