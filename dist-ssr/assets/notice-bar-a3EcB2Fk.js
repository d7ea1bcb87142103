import { n as useHomeAnnouncements } from "./announcements-CFJpTuP_.js";
import { d as openDownloadPopup, i as downloadLinks, r as currentDevice, t as canOfferDownload } from "./download-CBkwyWTo.js";
import { d as Icon, g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/notice-bar/notice-bar.tsx
/** Scrolling speed of the notice text: about 7 characters a second, at least 8 s a pass. */
function marqueeSeconds(text) {
	return Math.max(8, Math.round(text.length / 7));
}
/** Home notice bar (spec section 2): player notices, tap to /m/notice, a download button. */
function NoticeBarView({ to, download }) {
	const { t, i18n } = useTranslation();
	const { tenant, startup, session, install } = useRuntime();
	const lang = useContentLanguage(i18n, tenant);
	const { data } = useHomeAnnouncements(lang, session?.token);
	const [device] = useState(currentDevice);
	const titles = (data?.notices ?? []).map((n) => n.title).filter(Boolean);
	const text = titles.length > 0 ? titles.join("  ") : t("no_announcement");
	const showDownload = download && canOfferDownload(install, device, downloadLinks(tenant, startup));
	const style = { "--notice-duration": `${marqueeSeconds(text)}s` };
	return /* @__PURE__ */ jsxs("div", {
		className: "notice-bar",
		children: [/* @__PURE__ */ jsxs(Link, {
			to,
			className: "notice-bar__link",
			children: [/* @__PURE__ */ jsx("span", {
				className: "notice-bar__icon",
				children: /* @__PURE__ */ jsx(Icon, { name: "notice" })
			}), /* @__PURE__ */ jsx("span", {
				className: "notice-bar__track",
				children: /* @__PURE__ */ jsx("span", {
					className: titles.length > 0 ? "notice-bar__text notice-bar__text--moving" : "notice-bar__text",
					style,
					children: text
				})
			})]
		}), showDownload ? /* @__PURE__ */ jsxs("button", {
			type: "button",
			className: "notice-bar__download",
			onClick: openDownloadPopup,
			children: [/* @__PURE__ */ jsx(Icon, { name: "download" }), /* @__PURE__ */ jsx("span", { children: t("download") })]
		}) : null]
	});
}
export { NoticeBarView as default, marqueeSeconds };
