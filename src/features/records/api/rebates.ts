/**
 * Cash back (schemas/api/rebates.json): the rebate accrued since the last claim, claiming it
 * (idempotent), and the rebate report by day and game type.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Accrued, Category, Claim, Report, ReportRow } from '../../../generated/api/rebates';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { Accrued as AccruedRebate, Category as RebateCategory, Claim as RebateClaim, Report as RebateReport, ReportRow as RebateReportRow };

const REBATE_ACCRUED_ENDPOINT = 'GET /wps/rebates/accrued';
export const REBATE_REPORT_ENDPOINT = 'GET /wps/rebates/report';

/** The accrued rebate of the member of `scope` (null before hydration and for visitors: nothing loads). */
export function useAccruedRebate(scope: string | null | undefined): SWRResponse<Accrued, ApiFailure> {
  // Spins in a game tab add to it: re-read on coming back.
  return useResource(scope ? resourceKey(REBATE_ACCRUED_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/**
 * An Idempotency-Key (8 to 128 of A-Z a-z 0-9 _ -): 128 random bits in hex. One per claim
 * attempt; a retry of the same attempt sends the same key, so the rebate is paid once.
 */
export function newRebateKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rb-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Claims the accrued rebate into the wallet; `idempotencyKey` must be the same on a retry. */
export function claimRebate(idempotencyKey: string): Promise<Claim> {
  return request('POST', '/wps/rebates/claim', { body: {}, headers: { 'idempotency-key': idempotencyKey } });
}

/** Refetches the accrued rebate and the rebate report in the SWR cache this component renders under. */
export function useRevalidateRebates(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, REBATE_ACCRUED_ENDPOINT) || isResourceKey(key, REBATE_REPORT_ENDPOINT));
}
