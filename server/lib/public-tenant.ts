/**
 * The tenant as a visitor's browser receives it (#app-config in every page, GET
 * /wps/system/bootstrap). The tenant file also holds what only a signed-in member may read: the
 * merchant's own bank account of each manual deposit channel, which a member gets in the deposit
 * created for that channel (server/modules/wallet/services/deposits.ts). Those objects are removed here.
 */
import type { Tenant } from "../../src/generated/tenant";

/** One copy per tenant object: the page cache keys pages by the tenant object it is handed. */
const copies = new WeakMap<Tenant, Tenant>();

export function publicTenant(tenant: Tenant): Tenant {
  const known = copies.get(tenant);
  if (known) return known;
  const wallet = tenant.settings.wallet;
  // The generated type bounds the list's length as a tuple; mapping keeps the length.
  const channels = wallet.deposit.channels.map(({ account: _account, ...channel }) => channel) as typeof wallet.deposit.channels;
  const copy: Tenant = {
    ...tenant,
    settings: {
      ...tenant.settings,
      wallet: {
        ...wallet,
        deposit: {
          ...wallet.deposit,
          // Everything but the account: a new channel field is public unless removed here.
          channels,
        },
      },
    },
  };
  copies.set(tenant, copy);
  return copy;
}
