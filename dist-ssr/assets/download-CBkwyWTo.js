import { C as readItem, E as writeItem } from "../entry-server.js";
import { proxy } from "valtio";
// src/features/home/download.ts
/**
* App download (spec sections 2 "App download" and 4 "Download bar"): which links a device can
* use, whether the download bar shows, and the popup's open state, shared by the download bar and
* the notice bar's download button. Pure rules plus one small store; no UI here.
*/
/** Spec section 3: the locally stored flag that hides the download bar. */
var HIDE_DOWNLOAD_BAR_KEY = "hideDownloadBar";
/** Installed web apps (web app manifest, standalone display) arrived in iOS 11.3. */
var WEB_APP_MIN_IOS = [11, 3];
/** Reads the platform from a user agent (iPadOS reports a Mac with touch). */
function detectDevice(userAgent, maxTouchPoints = 0) {
	if (/iPhone|iPad|iPod/i.test(userAgent) || /Macintosh/i.test(userAgent) && maxTouchPoints > 1) {
		const m = /OS (\d+)[_.](\d+)/i.exec(userAgent);
		return {
			platform: "ios",
			iosVersion: m ? [Number(m[1]), Number(m[2])] : null
		};
	}
	if (/Android/i.test(userAgent)) return {
		platform: "android",
		iosVersion: null
	};
	return {
		platform: "other",
		iosVersion: null
	};
}
function currentDevice() {
	if (typeof navigator === "undefined") return {
		platform: "other",
		iosVersion: null
	};
	return detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
/** True when `version` is at least `min` ([major, minor]). Unknown versions count as recent. */
function iosAtLeast(version, min) {
	if (!version) return true;
	return version[0] > min[0] || version[0] === min[0] && version[1] >= min[1];
}
/** The links in force: the server's startup resources when sent, else the tenant file's. */
function downloadLinks(tenant, startup) {
	const resources = startup.info?.resources;
	return (Array.isArray(resources) ? resources : tenant.settings.downloads).filter((l) => typeof l.url === "string" && l.url !== "");
}
function linkOf(links, type) {
	return links.find((l) => l.resourceType === type)?.url;
}
/**
* What the popup offers on a device: Android gets the Android link; iOS the IOS link, the
* configuration profile and (never, for now) the home-screen option. Other platforms: nothing.
*/
function downloadOptions(device, links) {
	const out = [];
	if (device.platform === "android") {
		const url = linkOf(links, "Android");
		if (url) out.push({
			kind: "android",
			url
		});
	} else if (device.platform === "ios") {
		const ios = linkOf(links, "IOS");
		if (ios) out.push({
			kind: "ios",
			url: ios
		});
		const profile = linkOf(links, "MOBILECONFIG");
		if (profile) out.push({
			kind: "profile",
			url: profile
		});
	}
	return out;
}
/**
* Spec section 4: visible unless hidden; forced hidden in an installed web app; hidden as a
* home-screen web clip without an iOS link or on an iOS version without installed web apps; never
* in the native app; never without a link for the platform; with requiredLogin only with a session.
*/
function isDownloadBarVisible(ctx) {
	if (ctx.hidden) return false;
	if (ctx.install === "pwa" || ctx.install === "app") return false;
	if (ctx.install === "webclip") {
		if (!linkOf(ctx.links, "IOS")) return false;
		if (!iosAtLeast(ctx.device.iosVersion, WEB_APP_MIN_IOS)) return false;
	}
	if (downloadOptions(ctx.device, ctx.links).length === 0) return false;
	if (ctx.requiredLogin && !ctx.session) return false;
	return true;
}
/** The download entry points (notice-bar button, popup) exist only outside the native app and with something to offer. */
function canOfferDownload(install, device, links) {
	return install !== "app" && install !== "pwa" && downloadOptions(device, links).length > 0;
}
function isDownloadBarHidden() {
	return readItem(HIDE_DOWNLOAD_BAR_KEY) !== null;
}
function storeDownloadBarHidden() {
	writeItem(HIDE_DOWNLOAD_BAR_KEY, "1");
}
/** Which iOS guide applies: 12.0 to 12.1, 11 or lower, or none. */
function iosGuideFor(version) {
	if (!version) return null;
	if (version[0] <= 11) return "ios11";
	if (version[0] === 12 && version[1] <= 1) return "ios12";
	return null;
}
/** The download popup's open state: the download bar renders it; the notice bar's button opens it. */
var downloadPopupStore = proxy({ open: false });
function openDownloadPopup() {
	downloadPopupStore.open = true;
}
function closeDownloadPopup() {
	downloadPopupStore.open = false;
}
export { downloadOptions as a, iosGuideFor as c, openDownloadPopup as d, storeDownloadBarHidden as f, downloadLinks as i, isDownloadBarHidden as l, closeDownloadPopup as n, downloadPopupStore as o, currentDevice as r, iosAtLeast as s, canOfferDownload as t, isDownloadBarVisible as u };
