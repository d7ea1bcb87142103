import { i as swrFetcher } from "./client-7PKTKQkC.js";
import useSWR from "swr";
// src/features/home/api/announcements.ts
/**
* Announcements (GET /wps/announcements): banners, notices, popups, hot matches and agent notices
* of one page group. The agent-notice unread count is value.footer.unreadCount.
*/
var ANNOUNCEMENTS_PATH = "/wps/announcements";
/** Spec: home asks for B, PL, PU, H of m_home; the agent pages for A. */
var HOME_TYPES = "B,PL,PU,H";
/** Announcements for a query; null skips the call. The token keys the cache (popups depend on the audience). */
function useAnnouncements(query, token) {
	return useSWR(query ? [
		ANNOUNCEMENTS_PATH,
		{
			platform: "M",
			groupName: "m_home",
			...query
		},
		token ?? ""
	] : null, ([path, query]) => swrFetcher([path, { ...query }]), { revalidateOnFocus: false });
}
/** Unread agent notices (the agent grid's badge); 0 while loading or for a visitor. */
function useAgentNoticeUnread(token, enabled) {
	const { data } = useAnnouncements(enabled && token ? { types: "A" } : null, token);
	return data?.footer.unreadCount ?? 0;
}
/**
* The home page's announcements (banners, player notices, popups, hot matches) in a language. The
* notice bar, the banner carousel, the hot-match ticker and the popup share this one request.
*/
function useHomeAnnouncements(lang, token) {
	return useAnnouncements({
		types: HOME_TYPES,
		lang
	}, token);
}
export { useHomeAnnouncements as n, useAgentNoticeUnread as t };
