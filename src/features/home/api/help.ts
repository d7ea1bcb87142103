/** Help centre items (GET /wps/system/helpCenter?lang=&device=MOBILE): title and HTML content. */
import type { SWRResponse } from 'swr';
import type { HelpItems, HelpQuery } from '../../../generated/api/system';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';
export type { HelpItems };

const HELP_CENTRE_PATH = '/wps/system/helpCenter';

export function helpQuery(lang: string): HelpQuery {
  return { lang, device: 'MOBILE' };
}

export function getHelpCentre(lang: string): Promise<HelpItems> {
  return request('GET', HELP_CENTRE_PATH, { query: { ...helpQuery(lang) } });
}

/** The help items of a language; null skips the call. */
export function useHelpCentre(lang: string | null): SWRResponse<HelpItems, ApiFailure> {
  return useResource(lang ? resourceKey('GET /wps/system/helpCenter', helpQuery(lang)) : null);
}
