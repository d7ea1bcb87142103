/** Message inbox: the unread count (header red dot, message-center badge) and the message pages. */
import useSWR, { type SWRResponse } from 'swr';
import type { Count, MessagePage } from '../../../generated/api/member';
import { request, swrFetcher, type ApiFailure } from '../../../lib/api/client';

export type { MessagePage };

export const UNREAD_COUNT_PATH = '/wps/member/unreadCount';
export const MESSAGES_PATH = '/wps/member/messages';

export function getUnreadCount(): Promise<Count> {
  return request<Count>('GET', UNREAD_COUNT_PATH);
}

export function getMessages(page = 1, pageSize = 20): Promise<MessagePage> {
  return request<MessagePage>('GET', MESSAGES_PATH, { query: { page, pageSize } });
}

export function markMessageRead(id: number): Promise<boolean> {
  return request<boolean>('POST', `${MESSAGES_PATH}/${id}/read`, { body: {} });
}

export function useUnreadCount(token: string | null | undefined): SWRResponse<Count, ApiFailure> {
  return useSWR<Count, ApiFailure, readonly [string, undefined, string] | null>(
    token ? [UNREAD_COUNT_PATH, undefined, token] : null,
    ([path]) => swrFetcher<Count>([path]),
  );
}
