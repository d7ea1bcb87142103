import { t as useAgentNoticeUnread } from "./announcements-CFJpTuP_.js";
import { l as clearMemberData, u as setMemberData } from "../entry-server.js";
import { t as useMemberInfo } from "./member-u_S7ijLW.js";
import { i as swrFetcher } from "./client-7PKTKQkC.js";
import { useWallet } from "./wallet-B3bNNEed.js";
import { useCallback, useEffect, useLayoutEffect, useState } from "react";
import useSWR from "swr";
// src/features/engagement/api/messages.ts
/** Message inbox: the unread count (header red dot, message-center badge) and the message pages. */
var UNREAD_COUNT_PATH = "/wps/member/unreadCount";
function useUnreadCount(token) {
	return useSWR(token ? [
		UNREAD_COUNT_PATH,
		void 0,
		token
	] : null, ([path]) => swrFetcher([path]));
}
// src/features/engagement/api/promotions.ts
/**
* Promotions (GET /wps/promotions): the promotions available to the member. The member-centre and
* reward-center badge counts them as unclaimed (the API lists only what can still be taken up).
*/
var PROMOTIONS_PATH = "/wps/promotions";
/** Promotions in a language; `enabled` false (e.g. a visitor, for the badge) skips the call. */
function usePromotions(lang, enabled = true) {
	return useSWR(enabled ? [PROMOTIONS_PATH, { lang }] : null, swrFetcher, { revalidateOnFocus: false });
}
/** The badge number: promotions still open to the member. */
function unclaimedCount(list) {
	return Array.isArray(list) ? list.length : 0;
}
// src/app/shell/member-data-loader.tsx
/** Fetches the member's data with the SWR hooks into the member store. Renders nothing. */
function MemberDataLoader({ token, lang, agent }) {
	const member = useMemberInfo(token);
	const wallet = useWallet(token);
	const unread = useUnreadCount(token);
	const promotions = usePromotions(lang, true);
	const agentNoticeUnread = useAgentNoticeUnread(token, agent);
	const [reloading, setReloading] = useState(false);
	const { mutate } = wallet;
	const refreshWallet = useCallback(async () => {
		setReloading(true);
		try {
			await mutate();
		} finally {
			setReloading(false);
		}
	}, [mutate]);
	const walletLoading = reloading || wallet.isLoading && !wallet.data;
	useEffect(() => {
		setMemberData({
			member: member.data ?? null,
			wallet: wallet.data ?? null,
			walletLoading,
			unreadMessages: unread.data ?? 0,
			unclaimedPromotions: unclaimedCount(promotions.data),
			agentNoticeUnread,
			refreshWallet
		});
	}, [
		member.data,
		wallet.data,
		walletLoading,
		unread.data,
		promotions.data,
		agentNoticeUnread,
		refreshWallet
	]);
	useLayoutEffect(() => clearMemberData, []);
	return null;
}
export { MemberDataLoader as default };
