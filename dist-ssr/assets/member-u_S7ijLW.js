import { i as swrFetcher } from "./client-7PKTKQkC.js";
import useSWR from "swr";
// src/features/account/api/member.ts
/** Member info (GET /wps/member/info): id, account, type, regDate, toUpline. */
var MEMBER_INFO_PATH = "/wps/member/info";
/** The member's info while a token is held; the token is part of the key so another login refetches. */
function useMemberInfo(token) {
	return useSWR(token ? [
		MEMBER_INFO_PATH,
		void 0,
		token
	] : null, ([path]) => swrFetcher([path]), { revalidateOnFocus: false });
}
export { useMemberInfo as t };
