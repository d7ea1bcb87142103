/** Message inbox: the unread count (header red dot, message-center badge) and the message pages. */
import type { SWRResponse } from 'swr';
import type { Count, MessagePage } from '../../../generated/api/member';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { MessagePage };

export const UNREAD_COUNT_PATH = '/wps/member/unreadCount';
export const MESSAGES_PATH = '/wps/member/messages';

export function getUnreadCount(): Promise<Count> {
  return request('GET', UNREAD_COUNT_PATH);
}

export function getMessages(page = 1, pageSize = 20): Promise<MessagePage> {
  return request('GET', MESSAGES_PATH, { query: { page, pageSize } });
}

export function markMessageRead(id: number): Promise<boolean> {
  return request('POST', `${MESSAGES_PATH}/${id}/read`, { body: {} });
}

export function useUnreadCount(token: string | null | undefined): SWRResponse<Count, ApiFailure> {
  // Messages may arrive while the player is elsewhere: re-count on coming back.
  return useResource(token ? resourceKey('GET /wps/member/unreadCount', null, token) : null, { revalidateOnFocus: true });
}
