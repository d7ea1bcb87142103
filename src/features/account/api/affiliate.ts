/** Affiliate (invitation) codes: GET /wps/affiliate/check with code and domain (schemas/api/affiliate.json). */
import useSWR from 'swr';
import type { Result as AffiliateResult } from '../../../generated/api/affiliate';
import { request } from '../../../lib/api/client';

export type { AffiliateResult };

export const AFFILIATE_CHECK_PATH = '/wps/affiliate/check';

/** Resolves with the normalised code when it is valid on the domain; rejects (affiliate.invalid) otherwise. */
export function checkAffiliate(code: string, domain: string): Promise<AffiliateResult> {
  return request<AffiliateResult>('GET', AFFILIATE_CHECK_PATH, { query: { code, domain } });
}

/** True / false once the check answered; undefined while unknown (no code, or still asking). */
export async function isAffiliateValid(code: string, domain: string): Promise<boolean> {
  try {
    await checkAffiliate(code, domain);
    return true;
  } catch {
    return false;
  }
}

/** The validity of a code from the URL, checked once per code and domain. */
export function useAffiliateCheck(code: string | null, domain: string): { valid: boolean | undefined } {
  const { data } = useSWR(code ? [AFFILIATE_CHECK_PATH, code, domain] : null, () => isAffiliateValid(code!, domain), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
  return { valid: code ? data : false };
}
