import { k as isHeaderHidden, t as PageBar } from "../entry-server.js";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/components/empty-state.tsx
/** The empty-state panel: an illustration and 'no data' (or another key). */
function EmptyState({ messageKey = "no_data" }) {
	const { t } = useTranslation();
	return /* @__PURE__ */ jsxs("div", {
		className: "empty-state",
		children: [/* @__PURE__ */ jsxs("svg", {
			className: "empty-state__art",
			viewBox: "0 0 64 48",
			width: "96",
			height: "72",
			"aria-hidden": "true",
			focusable: "false",
			children: [
				/* @__PURE__ */ jsx("rect", {
					x: "6",
					y: "14",
					width: "52",
					height: "30",
					rx: "4",
					fill: "none",
					stroke: "currentColor",
					strokeWidth: "2.5"
				}),
				/* @__PURE__ */ jsx("path", {
					d: "M6 24h16l4 6h12l4-6h16",
					fill: "none",
					stroke: "currentColor",
					strokeWidth: "2.5",
					strokeLinejoin: "round"
				}),
				/* @__PURE__ */ jsx("path", {
					d: "M20 4l4 6M32 2v8M44 4l-4 6",
					stroke: "currentColor",
					strokeWidth: "2.5",
					strokeLinecap: "round"
				})
			]
		}), /* @__PURE__ */ jsx("p", {
			className: "empty-state__text",
			children: t(messageKey)
		})]
	});
}
// src/app/screens/placeholder-screen.tsx
/**
* Stands in for a screen that later issues build: the empty-state panel under the page title
* (the shell header shows the title; pages without the header draw their own bar).
*/
function PlaceholderScreen({ titleKey }) {
	const { pathname } = useLocation();
	return /* @__PURE__ */ jsxs(Fragment, { children: [isHeaderHidden(pathname) ? /* @__PURE__ */ jsx("header", {
		className: "app-header app-header--page",
		children: /* @__PURE__ */ jsx(PageBar, { titleKey })
	}) : null, /* @__PURE__ */ jsx("main", {
		className: "screen screen--placeholder",
		children: /* @__PURE__ */ jsx(EmptyState, {})
	})] });
}
export { PlaceholderScreen as default };
