/** Wallet (GET /wps/member/wallet): sumBalance, the total balance with 2 decimals. */
import useSWR, { type SWRResponse } from 'swr';
import type { Wallet } from '../../../generated/api/member';
import { request, swrFetcher, type ApiFailure } from '../../../lib/api/client';

export type { Wallet };

export const WALLET_PATH = '/wps/member/wallet';

export function getWallet(): Promise<Wallet> {
  return request<Wallet>('GET', WALLET_PATH);
}

export function useWallet(token: string | null | undefined): SWRResponse<Wallet, ApiFailure> {
  return useSWR<Wallet, ApiFailure, readonly [string, undefined, string] | null>(
    token ? [WALLET_PATH, undefined, token] : null,
    ([path]) => swrFetcher<Wallet>([path]),
  );
}
