import { t as __exportAll } from "./rolldown-runtime-D8jQpDG7.js";
import { n as useHomeAnnouncements } from "./announcements-CFJpTuP_.js";
import { E as writeItem, g as useRuntime, i as useContentLanguage, w as readJson } from "../entry-server.js";
import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { jsx } from "react/jsx-runtime";
// widgets/announcement-popup/rules.ts
var POPUP_STORAGE_PREFIX = "announcementPopup_";
function audienceOf(hasSession) {
	return hasSession ? "A" : "B";
}
/** The items of an audience: its own execution, plus F on a member's first-time login. */
function popupItemsFor(popups, audience, firstTimeLogin) {
	return popups.filter((p) => p.execution === audience || audience === "A" && firstTimeLogin && p.execution === "F");
}
function isStringArray(v) {
	return Array.isArray(v) && v.every((s) => typeof s === "string");
}
/** What storage remembers for an audience; null when nothing valid is stored. */
function readPopupMemory(audience) {
	const v = readJson(POPUP_STORAGE_PREFIX + audience);
	if (!v || typeof v !== "object" || !isStringArray(v.titles) || !isStringArray(v.contents) || typeof v.show !== "boolean") return null;
	return {
		titles: v.titles,
		contents: v.contents,
		show: v.show
	};
}
function writePopupMemory(audience, memory) {
	writeItem(POPUP_STORAGE_PREFIX + audience, JSON.stringify(memory));
}
/** An item is new when its title or its content has not been shown to this audience. */
function isNewItem(item, memory) {
	if (!memory) return true;
	return !memory.titles.includes(item.title) || !memory.contents.includes(item.content);
}
/** Shows when there is something to show, and either the show flag is on or the list holds a new item. */
function shouldShowPopup(items, memory) {
	if (items.length === 0) return false;
	if (!memory || memory.show) return true;
	return items.some((i) => isNewItem(i, memory));
}
/** Remembers the items as shown (show flag on) when the popup opens. */
function rememberShown(audience, items) {
	writePopupMemory(audience, {
		titles: items.map((i) => i.title),
		contents: items.map((i) => i.content),
		show: true
	});
}
/** Turns the show flag off when the popup is closed. */
function rememberClosed(audience, items) {
	writePopupMemory(audience, {
		titles: items.map((i) => i.title),
		contents: items.map((i) => i.content),
		show: false
	});
}
/** How a link inside the content is followed: a new tab for http(s), the router for a site path. */
function linkAction(href) {
	if (!href) return "ignore";
	const h = href.trim();
	if (/^https?:\/\//i.test(h)) return "external";
	if (/^\/(?![/\\])/.test(h)) return "internal";
	if (/^(mailto|tel):/i.test(h)) return "default";
	return "ignore";
}
// widgets/announcement-popup/popup-host.tsx
var popup_host_exports = /* @__PURE__ */ __exportAll({ default: () => PopupHost });
/** The dialog and the HTML sanitiser load only when there is a popup to show. */
var Dialog = lazy(() => import("./announcement-popup-D2vzMYdp.js"));
/**
* Reads the home popups (mounted 500 ms after the widget), picks the audience's items and decides
* whether they show. A later change of the list (a login or logout changes the audience) is read
* again 500 ms after it happens.
*/
function PopupHost({ goTo }) {
	const { i18n } = useTranslation();
	const { tenant, session } = useRuntime();
	const lang = useContentLanguage(i18n, tenant);
	const { data } = useHomeAnnouncements(lang, session?.token);
	const audience = audienceOf(session !== null);
	const firstTimeLogin = session?.firstTimeLogin === true;
	const items = useMemo(() => popupItemsFor(data?.popups ?? [], audience, firstTimeLogin), [
		data,
		audience,
		firstTimeLogin
	]);
	const listKey = data ? `${audience}:${items.map((i) => `${i.id}`).join(",")}` : null;
	const [readKey, setReadKey] = useState(null);
	const [closedKey, setClosedKey] = useState(null);
	useEffect(() => {
		if (listKey === null || listKey === readKey) return;
		const timer = setTimeout(() => setReadKey(listKey), readKey === null ? 0 : 500);
		return () => clearTimeout(timer);
	}, [listKey, readKey]);
	if (!(listKey !== null && readKey === listKey && closedKey !== listKey && shouldShowPopup(items, readPopupMemory(audience)))) return null;
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Dialog, {
			items,
			audience,
			goTo,
			onClosed: () => setClosedKey(listKey)
		}, listKey)
	});
}
export { PopupHost as default, rememberShown as i, linkAction as n, rememberClosed as r, popup_host_exports as t };
