/**
 * Agent contracts (schemas/api/agent-contracts.json): the contract pages of each kind (one's own
 * contract, one's direct downline agents'), proposing, signing or rejecting, and the dividend page.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Contract, ContractPage, DividendPage, DividendTerms, HourlyTerms, Kind, SalaryTerms } from '../../../generated/api/agent-contracts';
import { ApiFailure, request } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { Contract, ContractPage, DividendPage };
export type ContractTerms = SalaryTerms | DividendTerms | HourlyTerms;

const PAGE_ENDPOINTS = {
  salary: 'GET /wps/agent/contracts/salary',
  dividend: 'GET /wps/agent/contracts/dividend',
  hourly: 'GET /wps/agent/contracts/hourly',
} as const satisfies Record<Kind, string>;
const DIVIDEND_PAGE_ENDPOINT = 'GET /wps/agent/dividend';

/** The contract page of a kind (`scope` null before hydration and for visitors: nothing loads). */
export function useContractPage(scope: string | null | undefined, kind: Kind): SWRResponse<ContractPage, ApiFailure> {
  return useResource(scope ? resourceKey(PAGE_ENDPOINTS[kind], null, scope) : null, { revalidateOnFocus: true });
}

/** The dividend page: the signed contract, its settlements and the current period's estimate. */
export function useDividendPage(scope: string | null | undefined): SWRResponse<DividendPage, ApiFailure> {
  return useResource(scope ? resourceKey(DIVIDEND_PAGE_ENDPOINT, null, scope) : null);
}

/** Proposes a contract of `kind` to the direct downline agent `downlineId`. */
export function proposeContract(kind: Kind, downlineId: number, terms: ContractTerms): Promise<Contract> {
  if (kind === 'dividend') return request('POST', '/wps/agent/contracts/dividend', { body: { downlineId, terms: terms as DividendTerms } });
  if (kind === 'hourly') return request('POST', '/wps/agent/contracts/hourly', { body: { downlineId, terms: terms as HourlyTerms } });
  return request('POST', '/wps/agent/contracts/salary', { body: { downlineId, terms: terms as SalaryTerms } });
}

/** Signs or rejects contract `id` proposed to the member. */
export function decideContract(id: number, decision: 'sign' | 'reject'): Promise<Contract> {
  return decision === 'sign' ? request('POST', `/wps/agent/contracts/${id}/sign`, { body: {} }) : request('POST', `/wps/agent/contracts/${id}/reject`, { body: {} });
}

/** Refetches every contract page (and member info, whose prompt values follow the proposals). */
export function useRevalidateContracts(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Object.values(PAGE_ENDPOINTS).some((e) => isResourceKey(key, e)) || isResourceKey(key, DIVIDEND_PAGE_ENDPOINT) || isResourceKey(key, 'GET /wps/member/info'));
}

/** What a failed contract call says: a refused tier's own key (value.messageKey) and its field, else the server's message. */
export function contractFailure(error: unknown): { key: string; field?: string } {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const v = error.value as { messageKey?: unknown } | undefined;
  const key = typeof v?.messageKey === 'string' ? v.messageKey : error.messageKey;
  return { key, ...(error.field ? { field: error.field } : {}) };
}
