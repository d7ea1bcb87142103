/**
 * Announcements (GET /wps/announcements): banners, notices, popups, hot matches and agent notices
 * of one page group. The agent-notice unread count is value.footer.unreadCount.
 */
import { useCallback } from 'react';
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Announcements, Query } from '../../../generated/api/announcements';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';
import { useMemberScope } from '../../../lib/runtime';

export type { Announcements };
type AnnouncementQuery = Query;

const ANNOUNCEMENTS_PATH = '/wps/announcements';

/** Spec: home asks for B, PL, PU, H of m_home; the agent pages for A. */
const HOME_TYPES = 'B,PL,PU,H';
const AGENT_TYPES = 'A';
/** The notice list (/m/notice) asks for the player notices alone. */
const PLAYER_NOTICE_TYPES = 'PL';

export type Notice = Announcements['notices'][number];
/** Player notices (/m/notice) or agent announcements (/m/member/notice?types=A). */
export type NoticeKind = 'player' | 'agent';

/**
 * Announcements for a query; null skips the call. `scope` (useMemberScope) keys the cache by member
 * (popups depend on the audience), so a token renewal does not fetch them again.
 */
function useAnnouncements(
  query: AnnouncementQuery | null,
  scope: string | null | undefined,
): SWRResponse<Announcements, ApiFailure> {
  return useResource(query ? resourceKey('GET /wps/announcements', { platform: 'M', groupName: 'm_home', ...query }, scope) : null);
}

/** Unread agent notices (the agent grid's badge); 0 while loading or for a visitor. */
export function useAgentNoticeUnread(token: string | null | undefined, enabled: boolean): number {
  const { data } = useAnnouncements(enabled && token ? { types: AGENT_TYPES } : null, token);
  return data?.footer.unreadCount ?? 0;
}

/**
 * The home page's announcements (banners, player notices, popups, hot matches) in a language. The
 * notice bar, the banner carousel, the hot-match ticker and the popup share this one request.
 */
export function useHomeAnnouncements(lang: string): SWRResponse<Announcements, ApiFailure> {
  return useAnnouncements({ types: HOME_TYPES, lang }, useMemberScope());
}

/** Marks a notice read for the logged-in member (a player notice, or an agent notice for an agent). */
export function markNoticeRead(id: number): Promise<boolean> {
  return request('POST', `${ANNOUNCEMENTS_PATH}/${id}/read`, { body: {} });
}

/**
 * The notices of a kind in a language, with their read state and unread count for a member
 * (`scope`: useMemberScope, null for a visitor); agent notices need a member.
 */
export function useNotices(kind: NoticeKind, lang: string, scope: string | null): { notices: Notice[] | undefined; unread: number; error: ApiFailure | undefined; reload(): void } {
  const skip = kind === 'agent' && !scope;
  const { data, error, mutate } = useAnnouncements(skip ? null : { types: kind === 'agent' ? AGENT_TYPES : PLAYER_NOTICE_TYPES, lang }, scope);
  const notices = skip ? [] : kind === 'agent' ? data?.agentNotices : data?.notices;
  const unread = kind === 'agent' ? (notices ?? []).filter((n) => n.read === false).length : (data?.footer.noticeUnreadCount ?? 0);
  return { notices, unread, error, reload: () => void mutate() };
}

/** After a notice is read: every announcement answer (lists, unread counts, the agent grid's badge) is asked again. */
export function useRevalidateAnnouncements(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => isResourceKey(key, 'GET /wps/announcements')), [mutate]);
}
