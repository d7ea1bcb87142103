/**
 * Message centre (schemas/api/member.json): the unread count (header red dot, message-center
 * badges), the message pages, marking one or every message read, deleting one.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { SWRInfiniteResponse } from 'swr/infinite';
import type { Count, MessagePage } from '../../../generated/api/member';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource, useResourcePages } from '../../../lib/api/swr';

export type { MessagePage };
export type Message = MessagePage['list'][number];
const MESSAGES_PATH = '/wps/member/messages';
const UNREAD_ENDPOINT = 'GET /wps/member/unreadCount';
const MESSAGES_ENDPOINT = 'GET /wps/member/messages';

export function markMessageRead(id: number): Promise<boolean> {
  return request('POST', `${MESSAGES_PATH}/${id}/read`, { body: {} });
}

/** Marks every message read; answers how many were unread. */
export function markAllMessagesRead(): Promise<Count> {
  return request('POST', `${MESSAGES_PATH}/readAll`, { body: {} });
}

export function deleteMessage(id: number): Promise<boolean> {
  return request('DELETE', `${MESSAGES_PATH}/${id}`);
}

export function useUnreadCount(token: string | null | undefined): SWRResponse<Count, ApiFailure> {
  // Messages may arrive while the player is elsewhere: re-count on coming back.
  return useResource(token ? resourceKey(UNREAD_ENDPOINT, null, token) : null, { revalidateOnFocus: true });
}

/** The member's messages, newest first, page by page (`scope`: the member; null loads nothing). */
export function useMessagePages(scope: string | null | undefined, pageSize: number): SWRInfiniteResponse<MessagePage, ApiFailure> {
  return useResourcePages<typeof MESSAGES_ENDPOINT>((index, previous) => {
    if (!scope || (previous && index >= previous.totalPages)) return null;
    return resourceKey(MESSAGES_ENDPOINT, { page: index + 1, pageSize }, scope);
  }, { revalidateFirstPage: false });
}

/** After a read or a delete: the unread count (red dot, badges) is counted again. */
export function useRevalidateUnreadCount(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, UNREAD_ENDPOINT));
}
