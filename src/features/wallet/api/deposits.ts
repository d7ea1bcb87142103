/**
 * Deposits (schemas/api/wallet.json): the tenant's channels, creating a deposit (idempotent), one
 * deposit, the member's list, cancelling, and for manual channels the transfer's reference number
 * and receipt image.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { Channel, ChannelList, CreateBody, Deposit, DepositPage, ListQuery, State } from '../../../generated/api/wallet';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, RESOURCE_DEFAULTS, resourceKey, revalidate, useResource } from '../../../lib/api/swr';

export type { Channel as DepositChannel, ChannelList as DepositChannelList, Deposit, DepositPage, State as DepositState };

const DEPOSIT_CHANNELS_ENDPOINT = 'GET /wps/wallet/deposit/channels';
const DEPOSIT_ENDPOINT = 'GET /wps/wallet/deposits/:id';
const DEPOSITS_ENDPOINT = 'GET /wps/wallet/deposits';

const depositPath = (id: number) => `/wps/wallet/deposits/${id}` as const;

export function getDepositChannels(): Promise<ChannelList> {
  return request('GET', '/wps/wallet/deposit/channels');
}

/** The member's channels; `scope` is the member scope (null before hydration and for visitors: nothing loads). */
export function useDepositChannels(scope: string | null | undefined): SWRResponse<ChannelList, ApiFailure> {
  return useResource(scope ? resourceKey(DEPOSIT_CHANNELS_ENDPOINT, null, scope) : null);
}

/**
 * An Idempotency-Key (schema: 8 to 128 of A-Z a-z 0-9 _ -): 128 random bits in hex. One per
 * deposit attempt; a retry of the same attempt sends the same key, so it creates one deposit.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dep-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Creates a pending deposit; `idempotencyKey` must be the same on a retry of the same request. */
export function createDeposit(body: CreateBody, idempotencyKey: string): Promise<Deposit> {
  return request('POST', '/wps/wallet/deposits', { body, headers: { 'idempotency-key': idempotencyKey } });
}

export function getDeposit(id: number): Promise<Deposit> {
  return request('GET', depositPath(id));
}

/**
 * The cache key of one deposit: the resource key shape [endpoint, query, scope], the id in the
 * query's place since the endpoint takes it in its path (fetchResource cannot fill path slots).
 */
type DepositKey = readonly [typeof DEPOSIT_ENDPOINT, { readonly id: number }, string];

function depositKey(id: number, scope: string): DepositKey {
  return [DEPOSIT_ENDPOINT, { id }, scope];
}

const fetchDeposit = ([, { id }]: DepositKey): Promise<Deposit> => getDeposit(id);

/** One deposit, loaded after hydration (`scope` null: nothing loads). */
export function useDeposit(
  id: number | null,
  scope: string | null | undefined,
  config?: SWRConfiguration<Deposit, ApiFailure>,
): SWRResponse<Deposit, ApiFailure> {
  const key = id !== null && scope ? depositKey(id, scope) : null;
  return useSWR<Deposit, ApiFailure, DepositKey | null>(key, fetchDeposit, { ...RESOURCE_DEFAULTS, ...config });
}

export function listDeposits(query: ListQuery = {}): Promise<DepositPage> {
  return request('GET', '/wps/wallet/deposits', { query });
}

/** Refetches every cached deposit list (after a deposit was created or changed). */
export function revalidateDeposits(): Promise<unknown> {
  return revalidate((key) => isResourceKey(key, DEPOSITS_ENDPOINT));
}

export function cancelDeposit(id: number): Promise<Deposit> {
  return request('POST', `/wps/wallet/deposits/${id}/cancel`, { body: {} });
}

/** gateway: opens the provider's payment of a pending deposit the provider could not open before ("try again"). */
export function reopenDepositPayment(id: number): Promise<Deposit> {
  return request('POST', `/wps/wallet/deposits/${id}/payment`, { body: {} });
}

/** manual: the transfer's reference number (REFERENCE_PATTERN); may be sent again while pending. */
export function sendDepositReference(id: number, reference: string): Promise<Deposit> {
  return request('POST', `/wps/wallet/deposits/${id}/reference`, { body: { reference } });
}

/** manual: the receipt image as the raw body (image/png or image/jpeg, at most 5 MB: see checkReceipt). */
export function uploadDepositReceipt(id: number, image: Blob): Promise<Deposit> {
  return request('PUT', `/wps/wallet/deposits/${id}/receipt`, { blob: image });
}
