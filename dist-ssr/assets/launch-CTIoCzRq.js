import { r as request, t as ApiFailure } from "./client-7PKTKQkC.js";
import { s as showToast } from "./feedback-epjTtoKD.js";
import { g as useRuntime, p as LOGIN_PATH, r as currentLanguageCode, x as sessionStore } from "../entry-server.js";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
// src/features/games/launch.ts
/**
* Launching a game (DESIGN.md "Launching games"). iOS Safari blocks `window.open` called after an
* `await`, so `launchGame` must run synchronously inside the tap handler: it opens a blank window
* first, then asks the API for the launch URL and points the window at it. When the popup is
* blocked it shows 'popup_blocked' and falls back to the in-page frame route /m/launchGame, which
* always has a way back to the lobby. This module keeps to the API client (no SWR, no immer), so
* a game tile costs the first page almost nothing.
*/
var LAUNCH_ROUTE = "/m/launchGame";
var LAUNCH_API_PATH = "/wps/game/launch";
var RECENT_ADD_API_PATH = "/wps/game/recent/add";
/** Spec section 7: these vendors open the lottery with a prize mode, a game code and a play type. */
var LOTTERY_VENDORS = [
	"TCG_LOTTO_VN",
	"TCG_SEA",
	"LOTT",
	"ELOTT"
];
var DEFAULT_RETURN_URL = "/m/home";
function vendorOf(target) {
	return target.vendor ?? target.vassalage ?? "";
}
function isLotteryVendor(vendor) {
	return LOTTERY_VENDORS.includes(vendor);
}
/** The lottery parameters of a target, or null for a vendor that is not a lottery. */
function lotteryParams(target) {
	if (!isLotteryVendor(vendorOf(target))) return null;
	return {
		playType: (target.lottoMode ?? "").includes("Entertainment") ? "ent" : "trad",
		prize_mode: target.prizeMode ?? void 0,
		code: target.code || target.gameId || "lobby",
		pageBack: "home"
	};
}
/** The launch call's body for a target. */
function launchBody(target, opts = {}) {
	const body = {
		vendor: vendorOf(target),
		platform: "html5"
	};
	if (target.nodeId) body.nodeId = String(target.nodeId);
	else {
		const gameId = target.gameId || target.code;
		if (gameId && gameId !== "lobby") body.gameId = gameId;
	}
	if (target.roomId) body.roomId = target.roomId;
	if (typeof target.supportPlay === "boolean") body.supportPlay = target.supportPlay;
	if (opts.language) body.language = opts.language;
	if (opts.returnUrl && isSitePath(opts.returnUrl)) body.returnUrl = opts.returnUrl;
	return body;
}
/** A path on this site (never another origin): what returnUrl may be. */
function isSitePath(url) {
	return /^\/(?![/\\])[^\s<>"']*$/.test(url);
}
/** The frame route for a target: /m/launchGame?vendor=..&nodeId=.. (+ the lottery parameters, + returnUrl). */
function frameRoute(target, returnUrl) {
	const params = new URLSearchParams();
	params.set("vendor", vendorOf(target));
	if (target.nodeId) params.set("nodeId", String(target.nodeId));
	if (target.gameId) params.set("gameId", target.gameId);
	if (target.roomId) params.set("roomId", target.roomId);
	if (typeof target.supportPlay === "boolean") params.set("supportPlay", target.supportPlay ? "1" : "0");
	const lottery = lotteryParams(target);
	if (lottery) {
		params.set("playType", lottery.playType);
		if (lottery.prize_mode) params.set("prize_mode", lottery.prize_mode);
		params.set("code", lottery.code);
		params.set("pageBack", lottery.pageBack);
	}
	if (returnUrl && isSitePath(returnUrl) && !returnUrl.startsWith("/m/launchGame")) params.set("returnUrl", returnUrl);
	return `${LAUNCH_ROUTE}?${params}`;
}
/** Reads a target back from the frame route's query (the inverse of `frameRoute`). */
function targetFromQuery(search) {
	const supportPlay = search.get("supportPlay");
	const playType = search.get("playType");
	return {
		vendor: search.get("vendor") ?? search.get("vassalage") ?? "",
		nodeId: search.get("nodeId"),
		gameId: search.get("gameId"),
		roomId: search.get("roomId"),
		supportPlay: supportPlay === null ? void 0 : supportPlay === "1" || supportPlay === "true",
		prizeMode: search.get("prize_mode"),
		lottoMode: playType === "ent" ? "Entertainment" : playType === "trad" ? "Tradition" : null,
		code: search.get("code"),
		returnUrl: search.get("returnUrl") ?? void 0
	};
}
/** Where the frame route's back control goes: pageBack=home means /m/home, else the lobby it came from. */
function backTarget(search) {
	if (search.get("pageBack") === "home") return DEFAULT_RETURN_URL;
	const back = search.get("returnUrl");
	return back && isSitePath(back) && !back.startsWith("/m/launchGame") ? back : DEFAULT_RETURN_URL;
}
/** POST /wps/game/launch. */
function requestLaunch(target, opts = {}) {
	return request("POST", LAUNCH_API_PATH, { body: launchBody(target, opts) });
}
/** Records a recent play (GET /wps/game/recent/add); never fails the launch. */
function recordRecentPlay(target) {
	if (!target.nodeId) return;
	request("GET", RECENT_ADD_API_PATH, { query: {
		nodeId: String(target.nodeId),
		vendor: vendorOf(target)
	} }).catch(() => void 0);
}
/** Revalidates the header balance (SWR mutate of the wallet key; SWR loads only when asked). */
function revalidateWallet() {
	return Promise.all([import("swr"), import("./wallet-B3bNNEed.js")]).then(([{ mutate }, { WALLET_PATH }]) => mutate((key) => Array.isArray(key) && key[0] === WALLET_PATH)).catch(() => void 0);
}
/**
* Calls `onReturn` when the player is back on this page: the tab is focused or visible again, or
* the game's window closes. Watches for 6 hours at most. Returns the function that stops watching.
*/
function watchReturn(onReturn, popup) {
	const onFocus = () => onReturn();
	const onVisible = () => {
		if (document.visibilityState === "visible") onReturn();
	};
	window.addEventListener("focus", onFocus);
	document.addEventListener("visibilitychange", onVisible);
	const poll = popup ? setInterval(() => {
		if (popup.closed) {
			onReturn();
			stop();
		}
	}, 1e3) : void 0;
	const limit = setTimeout(() => stop(), 216e5);
	function stop() {
		window.removeEventListener("focus", onFocus);
		document.removeEventListener("visibilitychange", onVisible);
		clearInterval(poll);
		clearTimeout(limit);
	}
	return stop;
}
function failureKey(err) {
	return err instanceof ApiFailure ? err.messageKey : "unknown_error";
}
var stopWatching;
/**
* Launches a game. Call it synchronously in the tap handler (no await before it): the popup opens
* before anything else. Visitors go to /m/login unless the game supports free play. Resolves with
* how the launch ended; it never rejects (failures show a toast).
*/
function launchGame(target, opts) {
	const hasSession = opts.hasSession ?? sessionStore.info !== null;
	if (!hasSession && target.supportPlay !== true) {
		opts.navigate(LOGIN_PATH);
		return Promise.resolve("login");
	}
	const returnUrl = opts.returnUrl ?? (typeof window !== "undefined" ? `${window.location.pathname}${window.location.search}` : "/m/home");
	const frame = frameRoute(target, returnUrl);
	if (opts.frame) {
		opts.navigate(frame);
		return Promise.resolve("frame");
	}
	let win = null;
	try {
		win = (opts.open ?? ((url, name) => window.open(url, name)))("", "_blank");
	} catch {
		win = null;
	}
	if (!win) {
		showToast("popup_blocked");
		opts.navigate(frame);
		return Promise.resolve("frame");
	}
	const popup = win;
	return requestLaunch(target, {
		language: opts.language,
		returnUrl
	}).then((launch) => {
		if (popup.closed) return "failed";
		popup.location.href = new URL(launch.url, window.location.href).toString();
		if (hasSession) recordRecentPlay(target);
		stopWatching?.();
		stopWatching = watchReturn(opts.onReturn ?? (() => void revalidateWallet()), popup);
		return "window";
	}).catch((err) => {
		try {
			popup.close();
		} catch {}
		if (err instanceof ApiFailure && opts.onFailure?.(err)) return "failed";
		if (err instanceof ApiFailure && (err.errorCode === "session.required" || err.errorCode === "session.invalid")) {
			opts.navigate(LOGIN_PATH);
			return "login";
		}
		showToast(failureKey(err));
		return "failed";
	});
}
/**
* `launchGame` bound to the router, the language and the session: `const launch = useLaunchGame();`
* then `onClick={() => void launch(item)}`.
*/
function useLaunchGame() {
	const navigate = useNavigate();
	const { pathname, search } = useLocation();
	const { i18n } = useTranslation();
	const { tenant, session, install } = useRuntime();
	return useCallback((target, overrides) => launchGame(target, {
		navigate: (to) => void navigate(to),
		hasSession: session !== null,
		language: currentLanguageCode(i18n, tenant),
		returnUrl: `${pathname}${search}`,
		frame: install === "app",
		...overrides
	}), [
		navigate,
		session,
		i18n,
		tenant,
		pathname,
		search,
		install
	]);
}
export { targetFromQuery as a, revalidateWallet as i, recordRecentPlay as n, useLaunchGame as o, requestLaunch as r, watchReturn as s, backTarget as t };
