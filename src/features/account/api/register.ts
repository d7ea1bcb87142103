/** Member registration: PUT /wps/member/register with an encrypted body (schemas/api/member.json). */
import type { Session } from '../../../generated/api/common';
import type { RegisterPayload } from '../../../generated/api/member';
import { request } from '../../../lib/api/client';

export type { RegisterPayload };

const REGISTER_PATH = '/wps/member/register';

/** Registers a member and opens its session. */
export function registerMember(payload: RegisterPayload): Promise<Session> {
  return request('PUT', REGISTER_PATH, { body: payload, encrypt: true });
}

/** The registerMethod of the payload for how the page is run. */
export function registerMethodFor(install: 'browser' | 'app' | 'pwa' | 'webclip'): NonNullable<RegisterPayload['registerMethod']> {
  switch (install) {
    case 'app':
      return 'APP';
    case 'pwa':
      return 'PWA';
    case 'webclip':
      return 'WEBCLIP';
    default:
      return 'H5';
  }
}
