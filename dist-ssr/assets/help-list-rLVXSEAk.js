import { i as swrFetcher } from "./client-7PKTKQkC.js";
import { g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { t as sanitizeHtml } from "./sanitize-D_FmEH40.js";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
// src/features/home/api/help.ts
/** Help center items (GET /wps/system/helpCenter?lang=&device=MOBILE): title and HTML content. */
var HELP_CENTER_PATH = "/wps/system/helpCenter";
function helpQuery(lang) {
	return {
		lang,
		device: "MOBILE"
	};
}
/** The help items of a language; null skips the call. */
function useHelpCenter(lang) {
	return useSWR(lang ? [HELP_CENTER_PATH, helpQuery(lang)] : null, ([path, query]) => swrFetcher([path, { ...query }]), { revalidateOnFocus: false });
}
// widgets/help-list/help-list.tsx
/** Spec section 2: the open item is the query's i, 0 when absent or unreadable; a negative i opens none. */
function openIndexOf(search) {
	const raw = search.get("i");
	if (raw === null || raw.trim() === "") return 0;
	const n = Number(raw);
	return Number.isInteger(n) ? n : 0;
}
/** The help items as a disclosure list; opening one writes its index to ?i= (so a reload keeps it). */
function HelpListView() {
	const { t, i18n } = useTranslation();
	const { tenant } = useRuntime();
	const { data, error, isLoading, mutate } = useHelpCenter(useContentLanguage(i18n, tenant));
	const [search, setSearch] = useSearchParams();
	const open = openIndexOf(search);
	const items = useMemo(() => (data ?? []).map((item) => ({
		...item,
		html: sanitizeHtml(item.content)
	})), [data]);
	const toggle = (index) => {
		const next = new URLSearchParams(search);
		next.set("i", String(index === open ? -1 : index));
		setSearch(next, { replace: true });
	};
	if (isLoading && !data) return /* @__PURE__ */ jsx("div", {
		className: "help-list help-list--loading",
		"aria-hidden": "true"
	});
	if (error && !data) return /* @__PURE__ */ jsx("div", {
		className: "help-list help-list--empty",
		children: /* @__PURE__ */ jsx("button", {
			type: "button",
			className: "button button--secondary",
			onClick: () => void mutate(),
			children: t("loading_failed_retry")
		})
	});
	if (items.length === 0) return /* @__PURE__ */ jsx("p", {
		className: "help-list help-list--empty",
		children: t("no_data")
	});
	return /* @__PURE__ */ jsx("ul", {
		className: "help-list",
		children: items.map((item, index) => {
			const expanded = index === open;
			return /* @__PURE__ */ jsxs("li", {
				className: expanded ? "help-item help-item--open" : "help-item",
				children: [/* @__PURE__ */ jsx("h2", {
					className: "help-item__heading",
					children: /* @__PURE__ */ jsxs("button", {
						type: "button",
						id: `help-item-${item.id}`,
						className: "help-item__toggle",
						"aria-expanded": expanded,
						"aria-controls": `help-panel-${item.id}`,
						onClick: () => toggle(index),
						children: [/* @__PURE__ */ jsx("span", {
							className: "help-item__title",
							children: item.title
						}), /* @__PURE__ */ jsx("span", {
							className: "help-item__chevron",
							"aria-hidden": "true"
						})]
					})
				}), /* @__PURE__ */ jsx("div", {
					id: `help-panel-${item.id}`,
					role: "region",
					"aria-labelledby": `help-item-${item.id}`,
					className: "help-item__content",
					hidden: !expanded,
					dangerouslySetInnerHTML: { __html: item.html }
				})]
			}, item.id);
		})
	});
}
export { HelpListView as default, openIndexOf };
