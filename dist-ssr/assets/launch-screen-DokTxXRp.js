import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { d as Icon, f as HOME_PATH, g as useRuntime, p as LOGIN_PATH, r as currentLanguageCode } from "../entry-server.js";
import { a as targetFromQuery, i as revalidateWallet, n as recordRecentPlay, r as requestLaunch, s as watchReturn, t as backTarget } from "./launch-CTIoCzRq.js";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/games/screens/launch-screen.tsx
/**
* /m/launchGame: the in-page frame a game opens in when its window was blocked (or inside the app
* shell). The query names the game (vendor, nodeId or gameId, roomId, supportPlay) and, for
* lottery vendors, playType, prize_mode, code and pageBack=home. A bar above the frame always
* leads back to the lobby; leaving the frame, focusing or showing the page again revalidates the
* header balance.
*/
function LaunchScreen() {
	const { t, i18n } = useTranslation();
	const navigate = useNavigate();
	const [params] = useSearchParams();
	const { session, tenant } = useRuntime();
	const query = params.toString();
	const target = useMemo(() => targetFromQuery(new URLSearchParams(query)), [query]);
	const back = useMemo(() => backTarget(new URLSearchParams(query)), [query]);
	const hasSession = session !== null;
	const id = `${query}|${hasSession}`;
	const [launchedFrame, setFrame] = useState(null);
	const frame = launchedFrame && launchedFrame.id === id ? launchedFrame : { status: "loading" };
	const language = currentLanguageCode(i18n, tenant);
	const launched = useRef(null);
	useEffect(() => {
		if (launched.current === id) return;
		launched.current = id;
		if (!target.vendor) {
			navigate(HOME_PATH, { replace: true });
			return;
		}
		if (!hasSession && target.supportPlay !== true) {
			navigate(LOGIN_PATH, { replace: true });
			return;
		}
		requestLaunch(target, {
			language,
			returnUrl: back
		}).then((launch) => {
			if (launched.current !== id) return;
			setFrame({
				id,
				status: "ready",
				url: launch.url
			});
			if (hasSession) recordRecentPlay(target);
		}).catch((err) => {
			if (launched.current !== id) return;
			if (err instanceof ApiFailure && (err.errorCode === "session.required" || err.errorCode === "session.invalid")) {
				navigate(LOGIN_PATH, { replace: true });
				return;
			}
			setFrame({
				id,
				status: "failed",
				messageKey: err instanceof ApiFailure ? err.messageKey : "unknown_error"
			});
		});
	}, [
		id,
		hasSession,
		target,
		language,
		back,
		navigate
	]);
	useEffect(() => {
		const stop = watchReturn(() => void revalidateWallet());
		return () => {
			stop();
			revalidateWallet();
		};
	}, []);
	return /* @__PURE__ */ jsxs("main", {
		className: "launch-screen",
		children: [/* @__PURE__ */ jsx("div", {
			className: "launch-screen__bar",
			children: /* @__PURE__ */ jsxs("button", {
				type: "button",
				className: "launch-screen__back",
				onClick: () => void navigate(back),
				children: [/* @__PURE__ */ jsx(Icon, {
					name: "chevron-right",
					className: "icon--flip"
				}), /* @__PURE__ */ jsx("span", { children: t("back") })]
			})
		}), frame.status === "ready" ? /* @__PURE__ */ jsx("iframe", {
			className: "launch-screen__frame",
			src: frame.url,
			title: t("game_centre"),
			allow: "autoplay; fullscreen",
			referrerPolicy: "same-origin"
		}) : frame.status === "failed" ? /* @__PURE__ */ jsxs("div", {
			className: "launch-screen__message",
			role: "alert",
			children: [/* @__PURE__ */ jsx("p", { children: t(frame.messageKey) }), /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "launch-screen__retry",
				onClick: () => void navigate(back),
				children: t("back")
			})]
		}) : /* @__PURE__ */ jsx("p", {
			className: "launch-screen__message",
			role: "status",
			children: t("loading")
		})]
	});
}
export { LaunchScreen as default };
