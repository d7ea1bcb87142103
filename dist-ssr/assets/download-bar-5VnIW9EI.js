import { a as downloadOptions, c as iosGuideFor, d as openDownloadPopup, f as storeDownloadBarHidden, i as downloadLinks, l as isDownloadBarHidden, n as closeDownloadPopup, o as downloadPopupStore, r as currentDevice, s as iosAtLeast, u as isDownloadBarVisible } from "./download-CBkwyWTo.js";
import { d as Icon, g as useRuntime } from "../entry-server.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// widgets/download-bar/download-bar.tsx
var OPTION_LABEL = {
	android: "download_android",
	ios: "download_ios",
	profile: "profile_download",
	homeScreen: "add_to_home_screen"
};
/** The download popup: the options of this device, and the iOS notes and guide where they apply. */
function DownloadPopup({ device, links }) {
	const { t } = useTranslation();
	const options = downloadOptions(device, links);
	const profile = options.find((o) => o.kind === "profile");
	const guide = device.platform === "ios" ? iosGuideFor(device.iosVersion) : null;
	const manualProfile = profile && device.iosVersion !== null && iosAtLeast(device.iosVersion, [17, 0]);
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: "download-popup-title",
		onDismiss: closeDownloadPopup,
		className: "download-popup",
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "modal__head",
				children: [/* @__PURE__ */ jsx("h2", {
					id: "download-popup-title",
					className: "modal__title",
					children: t("download_app")
				}), /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "icon-button modal__close",
					"aria-label": t("close"),
					onClick: closeDownloadPopup,
					children: "×"
				})]
			}),
			options.length === 0 ? /* @__PURE__ */ jsx("p", {
				className: "modal__message",
				children: t("no_data")
			}) : null,
			/* @__PURE__ */ jsx("ul", {
				className: "download-popup__options",
				children: options.filter((o) => o.kind !== "profile" || !guide).map((o) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs("a", {
					className: "button button--primary download-popup__option",
					href: o.url,
					rel: "noopener noreferrer",
					"data-kind": o.kind,
					children: [/* @__PURE__ */ jsx(Icon, { name: "download" }), /* @__PURE__ */ jsx("span", { children: t(OPTION_LABEL[o.kind]) })]
				}) }, o.kind))
			}),
			device.platform === "ios" ? /* @__PURE__ */ jsx("p", {
				className: "download-popup__note",
				children: t("ios_recommended")
			}) : null,
			manualProfile ? /* @__PURE__ */ jsx("p", {
				className: "download-popup__note",
				children: t("ios17_profile_manual")
			}) : null,
			guide ? /* @__PURE__ */ jsxs("section", {
				className: "download-popup__guide",
				"aria-labelledby": "download-guide-title",
				children: [
					/* @__PURE__ */ jsx("h3", {
						id: "download-guide-title",
						children: t("ios_guide")
					}),
					/* @__PURE__ */ jsx("p", { children: t(guide === "ios12" ? "ios_guide_12" : "ios_guide_11") }),
					profile ? /* @__PURE__ */ jsx("a", {
						className: "button button--secondary",
						href: profile.url,
						rel: "noopener noreferrer",
						"data-kind": "profile",
						children: t("profile_download")
					}) : null
				]
			}) : null
		]
	});
}
/** The bar (app icon, pitch, download button, hide control) and, when open, the popup. */
function DownloadView({ bar, popup, device, links, onHide }) {
	const { t } = useTranslation();
	const { tenant } = useRuntime();
	const icon = links.find((l) => l.resourceType === "AppDownloadIcon")?.url ?? `/m/brand/${tenant.brand.logo}`;
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [
		bar ? /* @__PURE__ */ jsx("div", {
			className: "download-bar-spacer",
			"aria-hidden": "true"
		}) : null,
		bar ? /* @__PURE__ */ jsxs("div", {
			className: "download-bar",
			role: "region",
			"aria-label": t("download_app"),
			children: [
				/* @__PURE__ */ jsx("button", {
					type: "button",
					className: "icon-button download-bar__hide",
					"aria-label": t("close"),
					onClick: onHide,
					children: "×"
				}),
				/* @__PURE__ */ jsx("img", {
					className: "download-bar__icon",
					src: icon,
					alt: "",
					width: 32,
					height: 32
				}),
				/* @__PURE__ */ jsx("span", {
					className: "download-bar__text",
					children: t("download_bar_text")
				}),
				/* @__PURE__ */ jsx("button", {
					type: "button",
					className: "download-bar__button",
					onClick: openDownloadPopup,
					children: t("download")
				})
			]
		}) : null,
		popup ? /* @__PURE__ */ jsx(DownloadPopup, {
			device,
			links
		}) : null
	] });
}
/** Decides whether the bar shows (spec section 4) and renders it and the popup. */
function DownloadBarView({ requiredLogin }) {
	const { tenant, startup, session, install } = useRuntime();
	const [device] = useState(currentDevice);
	const [hidden, setHidden] = useState(isDownloadBarHidden);
	const { open } = useSnapshot(downloadPopupStore, { sync: true });
	const links = downloadLinks(tenant, startup);
	const visible = isDownloadBarVisible({
		install,
		device,
		links,
		hidden,
		session: session !== null,
		requiredLogin
	});
	if (!visible && !open) return null;
	const hide = () => {
		storeDownloadBarHidden();
		setHidden(true);
	};
	return /* @__PURE__ */ jsx(DownloadView, {
		bar: visible,
		popup: open,
		device,
		links,
		onHide: hide
	});
}
export { DownloadPopup, DownloadView, DownloadBarView as default };
