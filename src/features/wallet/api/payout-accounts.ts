/**
 * Payout accounts (schemas/api/security-centre.json): the member's accounts with the tenant's
 * payout providers and the most a member may keep, adding one, removing one with the payment password.
 */
import type { SWRResponse } from 'swr';
import type { NewPayoutAccount, PayoutAccount, PayoutAccountList, PayoutProvider } from '../../../generated/api/security-centre';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { NewPayoutAccount, PayoutAccount, PayoutAccountList, PayoutProvider };

const PAYOUT_ACCOUNTS_ENDPOINT = 'GET /wps/security/payoutAccounts';

/** The member's payout accounts; `scope` is the member scope (null before hydration and for visitors: nothing loads). */
export function usePayoutAccounts(scope: string | null | undefined): SWRResponse<PayoutAccountList, ApiFailure> {
  return useResource(scope ? resourceKey(PAYOUT_ACCOUNTS_ENDPOINT, null, scope) : null);
}

export function addPayoutAccount(body: NewPayoutAccount): Promise<PayoutAccount> {
  return request('POST', '/wps/security/payoutAccounts', { body });
}

/** Removes one of the member's accounts; the server checks the payment password (6 digits). */
export function deletePayoutAccount(id: number, paymentPassword: string): Promise<unknown> {
  return request('DELETE', `/wps/security/payoutAccounts/${id}`, { body: { paymentPassword } });
}
