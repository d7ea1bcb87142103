/**
 * Transfer to the upline (schemas/api/transfers.json): what the member may send now (the upline
 * masked, limits, every blocking reason), and sending it (idempotent).
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { CreateBody, Reason, Transfer, UplineTransfer } from '../../../generated/api/transfers';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { Reason as UplineTransferReason, Transfer as UplineTransferResult, UplineTransfer };

const UPLINE_TRANSFER_ENDPOINT = 'GET /wps/transfers/upline';

export function useUplineTransfer(scope: string | null | undefined): SWRResponse<UplineTransfer, ApiFailure> {
  // The payment password is set on another page and the balance moves in game tabs: re-read on coming back.
  return useResource(scope ? resourceKey(UPLINE_TRANSFER_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/** One Idempotency-Key per transfer attempt (128 random bits in hex), reused on a retry of it. */
export function newTransferKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tu-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Sends `amount` to the upline; `idempotencyKey` must be the same on a retry. */
export function createUplineTransfer(body: CreateBody, idempotencyKey: string): Promise<Transfer> {
  return request('POST', '/wps/transfers/upline', { body, headers: { 'idempotency-key': idempotencyKey } });
}

export function useRevalidateUplineTransfer(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, UPLINE_TRANSFER_ENDPOINT));
}
