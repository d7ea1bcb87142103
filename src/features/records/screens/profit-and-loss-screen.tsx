import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * Profit and loss (/m/profitandloss): the tenant's main slot, by default the range, the result in
 * one sentence and its figures. The member's rows load after hydration; the server paints the
 * frame.
 */
export default function ProfitAndLossScreen() {
  const tenant = useTenant();
  useSessionRenewal(useMemberScope());
  return (
    <main className="screen screen--profitandloss records-screen">
      <Slot slot={tenant.screens.profitandloss?.slots.main} path="screens.profitandloss.slots.main" />
    </main>
  );
}
