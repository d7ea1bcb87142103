/**
 * Withdrawals (schemas/api/withdrawal.json): what the member may withdraw now (eligibility, with
 * every blocking reason), requesting a withdrawal (idempotent), and the member's list.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { CreateBody, Eligibility, PayoutAccount, Reason, Withdrawal } from '../../../generated/api/withdrawal';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type {
 Eligibility as WithdrawalEligibility,
 PayoutAccount as MaskedPayoutAccount,
 Reason as WithdrawalReason,
 Withdrawal,
};

const WITHDRAWAL_ELIGIBILITY_ENDPOINT = 'GET /wps/wallet/withdrawals/eligibility';
const WITHDRAWALS_ENDPOINT = 'GET /wps/wallet/withdrawals';

/**
 * The member's balance, withdrawable amount, limits, payout accounts and blocking reasons;
 * `scope` is the member scope (null before hydration and for visitors: nothing loads). The form
 * and the reasons panel share this one answer.
 */
export function useWithdrawalEligibility(scope: string | null | undefined): SWRResponse<Eligibility, ApiFailure> {
  // The member clears reasons on other pages and tabs (identity, payment password): re-read on coming back.
  return useResource(scope ? resourceKey(WITHDRAWAL_ELIGIBILITY_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/**
 * Refetches the eligibility and the withdrawal lists in the SWR cache this component renders
 * under (after a request was made or refused: the reasons and numbers changed).
 */
export function useRevalidateWithdrawals(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, WITHDRAWAL_ELIGIBILITY_ENDPOINT) || isResourceKey(key, WITHDRAWALS_ENDPOINT));
}

/**
 * An Idempotency-Key (schema: 8 to 128 of A-Z a-z 0-9 _ -): 128 random bits in hex. One per
 * withdrawal attempt; a retry of the same attempt sends the same key, so it holds money once.
 */
export function newWithdrawalKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `wd-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Requests a withdrawal (amount + fee held until an operator decides); `idempotencyKey` must be the same on a retry. */
export function createWithdrawal(body: CreateBody, idempotencyKey: string): Promise<Withdrawal> {
  return request('POST', '/wps/wallet/withdrawals', { body, headers: { 'idempotency-key': idempotencyKey } });
}
