/** Help center items (GET /wps/system/helpCenter?lang=&device=MOBILE): title and HTML content. */
import useSWR, { type SWRResponse } from 'swr';
import type { HelpItems, HelpQuery } from '../../../generated/api/system';
import { request, swrFetcher, type ApiFailure } from '../../../lib/api/client';

export type HelpItem = HelpItems[number];
export type { HelpItems };

export const HELP_CENTER_PATH = '/wps/system/helpCenter';

export function helpQuery(lang: string): HelpQuery {
  return { lang, device: 'MOBILE' };
}

export function getHelpCenter(lang: string): Promise<HelpItems> {
  return request<HelpItems>('GET', HELP_CENTER_PATH, { query: { ...helpQuery(lang) } });
}

/** The help items of a language; null skips the call. */
export function useHelpCenter(lang: string | null): SWRResponse<HelpItems, ApiFailure> {
  return useSWR<HelpItems, ApiFailure, readonly [string, HelpQuery] | null>(
    lang ? [HELP_CENTER_PATH, helpQuery(lang)] : null,
    ([path, query]) => swrFetcher<HelpItems>([path, { ...query }]),
    { revalidateOnFocus: false },
  );
}
