/**
 * The member's head icon (schemas/api/security-centre.json): the current picture, read with the
 * session token, and replacing it with a PNG or JPEG sent as the raw body (at most 5 MB).
 */
import useSWR, { type SWRResponse } from 'swr';
import { request, requestImage, type ApiFailure } from '../../../lib/api/client';
import { RESOURCE_DEFAULTS } from '../../../lib/api/swr';
import type { SecurityMessage } from './payment-password';

const HEAD_ICON_ENDPOINT = 'GET /wps/member/headIcon';

/** What the server takes (server/modules/account/routes/head-icon.ts). */
const HEAD_ICON_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
const MAX_HEAD_ICON_MB = 5;
export const MAX_HEAD_ICON_BYTES = MAX_HEAD_ICON_MB * 1024 * 1024;
/** What the file picker offers. */
export const HEAD_ICON_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** The client's check of a picked file, before anything is sent. */
export function checkHeadIcon(file: Pick<File, 'type' | 'size'>): SecurityMessage | null {
  if (!HEAD_ICON_TYPES.includes(file.type) || file.size === 0) return { key: 'head_icon_type' };
  if (file.size > MAX_HEAD_ICON_BYTES) return { key: 'head_icon_size', params: { max: MAX_HEAD_ICON_MB } };
  return null;
}

/** The current picture, or null when none was uploaded. */
function getHeadIcon(): Promise<Blob | null> {
  return requestImage('GET', '/wps/member/headIcon');
}

export function uploadHeadIcon(image: Blob): Promise<true> {
  return request('POST', '/wps/member/headIcon', { blob: image });
}

type HeadIconKey = readonly [typeof HEAD_ICON_ENDPOINT, null, string];

const fetchHeadIcon = (): Promise<Blob | null> => getHeadIcon();

/** The member's head icon after hydration (`scope` null: nothing loads); data null: none yet. */
export function useHeadIcon(scope: string | null | undefined): SWRResponse<Blob | null, ApiFailure> {
  const key: HeadIconKey | null = scope ? [HEAD_ICON_ENDPOINT, null, scope] : null;
  return useSWR<Blob | null, ApiFailure, HeadIconKey | null>(key, fetchHeadIcon, RESOURCE_DEFAULTS);
}
