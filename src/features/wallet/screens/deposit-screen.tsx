import { useLocation } from 'react-router-dom';
import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useStartupState, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { depositIdOf } from '../deposit-rules';

/** The slot of the deposit detail for a variant: "base" -> detailBase, "new" -> detailNew. */
export function detailSlotOf(variant: string): string {
  return `detail${variant.charAt(0).toUpperCase()}${variant.slice(1)}`;
}

/**
 * Deposit (/m/voucherCenter). Without `?deposit=<id>` the tenant's form slot (channels, amount);
 * with one (after creating a deposit, and where the payment provider sends the payer back) the
 * deposit's detail, in the version the startup state selects (mobileTemplate.dep_func "1": new, else base).
 */
export default function DepositScreen() {
  const tenant = useTenant();
  const { search } = useLocation();
  const screen = tenant.screens.voucherCenter;
  const variant = useStartupState().templates.depositDetail;
  const id = depositIdOf(search);
  useSessionRenewal(useMemberScope());
  const slot = id === null ? 'form' : detailSlotOf(variant);
  return (
    <main className={`screen screen--voucherCenter deposit-screen deposit-screen--${variant}`} data-variant={variant}>
      <Slot slot={screen?.slots[slot] ?? screen?.slots.detailBase} path={`screens.voucherCenter.slots.${slot}`} />
    </main>
  );
}
