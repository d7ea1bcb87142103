/** The member's identity check as the security centre shows it (GET /wps/security/identity). */
import type { SWRResponse } from 'swr';
import type { IdentityStatus } from '../../../generated/api/security-centre';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { IdentityStatus };

const IDENTITY_ENDPOINT = 'GET /wps/security/identity';

/** The latest check: none, pending, approved or rejected with the operator's reason (`scope` null: nothing loads). */
export function useIdentityStatus(scope: string | null | undefined): SWRResponse<IdentityStatus, ApiFailure> {
  return useResource(scope ? resourceKey(IDENTITY_ENDPOINT, null, scope) : null);
}
