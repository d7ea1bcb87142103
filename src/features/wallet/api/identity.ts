/**
 * Identity verification (schemas/api/security-centre.json): the member's latest check, opening
 * one with the details, then one image per side (front, back, selfie) on the pending check.
 */
import type { SWRResponse } from 'swr';
import type { IdentityDetails, IdentityStatus, SideParams } from '../../../generated/api/security-centre';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { IdentityDetails, IdentityStatus };
export type IdentitySide = SideParams['side'];

const IDENTITY_ENDPOINT = 'GET /wps/security/identity';
/** The order the images are sent in, after the details opened the check. */
export const IDENTITY_SIDES: readonly IdentitySide[] = ['front', 'back', 'selfie'];

/** The member's identity check; `scope` null (before hydration, visitors) loads nothing. */
export function useIdentity(scope: string | null | undefined): SWRResponse<IdentityStatus, ApiFailure> {
  // An operator decides while the member is elsewhere: coming back to the tab reads it again.
  return useResource(scope ? resourceKey(IDENTITY_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/** Opens a pending check with the details; the images follow with uploadIdentityImage. */
export function submitIdentity(body: IdentityDetails): Promise<IdentityStatus> {
  return request('POST', '/wps/security/identity', { body });
}

/** One image of the pending check as the raw body (png or jpeg, at most 5 MB: see checkIdentityImage). */
export function uploadIdentityImage(side: IdentitySide, image: Blob): Promise<IdentityStatus> {
  return request('PUT', `/wps/security/identity/images/${side}`, { blob: image });
}
