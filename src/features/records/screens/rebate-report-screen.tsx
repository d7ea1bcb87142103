import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Rebate report (/m/member/rebateReport): the tenant's main slot, by default the range, totals and rows by day and game type.
 * The member's numbers load after hydration; the server paints the frame.
 */
export default function RebateReportScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--rebateReport">
      <Slot slot={tenant.screens.rebateReport?.slots.main} path="screens.rebateReport.slots.main" />
    </main>
  );
}
