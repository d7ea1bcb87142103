/** Affiliate (invitation) codes: GET /wps/affiliate/check with code and domain (schemas/api/affiliate.json). */
import type { Result as AffiliateResult } from '../../../generated/api/affiliate';
import { request } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

;

const AFFILIATE_CHECK_PATH = '/wps/affiliate/check';

/** Resolves with the normalised code when it is valid on the domain; rejects (affiliate.invalid) otherwise. */
function checkAffiliate(code: string, domain: string): Promise<AffiliateResult> {
  return request('GET', AFFILIATE_CHECK_PATH, { query: { code, domain } });
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

/** The validity of a code from the URL, checked once per code and domain (a refusal is an answer, not retried). */
export function useAffiliateCheck(code: string | null, domain: string): { valid: boolean | undefined } {
  const { data, error } = useResource(code ? resourceKey('GET /wps/affiliate/check', { code, domain }) : null, {
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  if (!code) return { valid: false };
  return { valid: data !== undefined ? true : error ? false : undefined };
}
