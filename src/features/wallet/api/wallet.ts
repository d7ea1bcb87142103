/** Wallet (GET /wps/member/wallet): sumBalance, the total balance with 2 decimals. */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Wallet } from '../../../generated/api/member';
import type { ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, revalidate, useResource } from '../../../lib/api/swr';

export type { Wallet };
export const WALLET_ENDPOINT = 'GET /wps/member/wallet';

/** Refetches the cached balance (whichever member it belongs to), e.g. after a game. */
export function revalidateWalletCache(): Promise<unknown> {
  return revalidate((key) => isResourceKey(key, WALLET_ENDPOINT));
}

export function useWallet(token: string | null | undefined): SWRResponse<Wallet, ApiFailure> {
  // The balance moves while the player is in a game tab: re-read it on coming back.
  return useResource(token ? resourceKey(WALLET_ENDPOINT, null, token) : null, { revalidateOnFocus: true });
}

/**
 * Revalidates the balance in the SWR cache this component renders under (the header's balance
 * included), e.g. once a deposit is credited. Unlike revalidateWalletCache it follows a cache
 * provided by an SWRConfig, as a test's is.
 */
export function useRevalidateWallet(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, WALLET_ENDPOINT));
}
