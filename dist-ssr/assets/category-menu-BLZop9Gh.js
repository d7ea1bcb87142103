import { a as useGameList, c as useHotGames, i as useGameCategories, t as GameCard } from "./game-card-Dap7kqJ_.js";
import { o as useLaunchGame } from "./launch-CTIoCzRq.js";
import { g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// widgets/category-menu/rules.ts
/**
* The category menu's rules (spec section 2), pure: which categories show in which order, and
* what each one's panel lists.
*/
var MENU_CATEGORIES = [
	"HOT",
	"SPORTS",
	"ESPORTS",
	"LIVE",
	"FISH",
	"RNG",
	"PVP",
	"INHOUSE",
	"COCKFIGHT",
	"ELOTT",
	"LOTT"
];
/** Categories whose panel is a game list of that game type. */
var GAME_TYPE_CATEGORIES = [
	"RNG",
	"PVP",
	"LIVE",
	"FISH"
];
function panelKind(code) {
	if (code === "HOT") return "hot";
	if (GAME_TYPE_CATEGORIES.includes(code)) return "gameType";
	if (code === "INHOUSE") return "inhouse";
	return "vendors";
}
function isMenuCategory(s) {
	return MENU_CATEGORIES.includes(s);
}
function uniqueVendors(list) {
	const seen = /* @__PURE__ */ new Set();
	return list.filter((v) => seen.has(v.vassalage) ? false : (seen.add(v.vassalage), true));
}
/**
* The menu: the server's sorting (unknown or repeated codes dropped), HOT added first when missing,
* and SPORTS split by its vendors' game types: a COCKFIGHT tab just before SPORTS, an ESPORTS tab
* just after it (each taking the place of a COCKFIGHT or ESPORTS entry elsewhere in the list).
*/
function buildCategoryMenu(sorting, mapping) {
	const vendorsOf = (code) => mapping.find((m) => m.gameCategory === code)?.vendorNames ?? [];
	let codes = [...new Set(sorting.filter(isMenuCategory))];
	if (!codes.includes("HOT")) codes.unshift("HOT");
	const sports = vendorsOf("SPORTS");
	const cockfight = sports.filter((v) => v.gameType === "COCKFIGHT");
	const esports = sports.filter((v) => v.gameType === "ESPORTS");
	const split = codes.includes("SPORTS");
	if (split) {
		if (cockfight.length > 0) codes = codes.filter((c) => c !== "COCKFIGHT");
		if (esports.length > 0) codes = codes.filter((c) => c !== "ESPORTS");
		const at = codes.indexOf("SPORTS");
		codes.splice(at, 1, ...cockfight.length > 0 ? ["COCKFIGHT"] : [], "SPORTS", ...esports.length > 0 ? ["ESPORTS"] : []);
	}
	return codes.map((code) => {
		if (split && code === "SPORTS") return {
			code,
			vendors: sports.filter((v) => v.gameType !== "COCKFIGHT" && v.gameType !== "ESPORTS")
		};
		if (split && code === "COCKFIGHT" && cockfight.length > 0) return {
			code,
			vendors: uniqueVendors([...cockfight, ...vendorsOf("COCKFIGHT")])
		};
		if (split && code === "ESPORTS" && esports.length > 0) return {
			code,
			vendors: uniqueVendors([...esports, ...vendorsOf("ESPORTS")])
		};
		return {
			code,
			vendors: vendorsOf(code)
		};
	});
}
/** The vendor whose RNG games are the in-house games. */
function inhouseVendor(category) {
	return category?.vendors[0]?.vassalage ?? "INHOUSE";
}
// widgets/category-menu/category-menu.tsx
/** Typing in the hot-game search waits this long before asking the server. */
var SEARCH_DEBOUNCE_MS = 300;
function GameGrid({ games, loading }) {
	const { t } = useTranslation();
	const launch = useLaunchGame();
	if (!games) return loading ? /* @__PURE__ */ jsx("div", {
		className: "category-menu__loading",
		"aria-hidden": "true"
	}) : null;
	if (games.length === 0) return /* @__PURE__ */ jsx("p", {
		className: "category-menu__empty",
		children: t("no_data")
	});
	return /* @__PURE__ */ jsx("ul", {
		className: "category-menu__grid",
		children: games.map((g) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(GameCard, {
			game: g,
			onLaunch: (game) => void launch(game),
			showVendor: false
		}) }, g.nodeId))
	});
}
function HotPanel({ lang }) {
	const { t } = useTranslation();
	const [text, setText] = useState("");
	const [name, setName] = useState("");
	useEffect(() => {
		const timer = setTimeout(() => setName(text.trim()), 300);
		return () => clearTimeout(timer);
	}, [text]);
	const { data, isLoading } = useHotGames(lang, void 0, name || void 0);
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsxs("label", {
		className: "category-menu__search",
		children: [/* @__PURE__ */ jsx("span", {
			className: "visually-hidden",
			children: t("search_game_name")
		}), /* @__PURE__ */ jsx("input", {
			type: "search",
			value: text,
			onChange: (e) => setText(e.target.value),
			placeholder: t("search_game_name"),
			maxLength: 64,
			enterKeyHint: "search"
		})]
	}), /* @__PURE__ */ jsx(GameGrid, {
		games: data,
		loading: isLoading
	})] });
}
function ListPanel({ filter, lang, shown, more }) {
	const { t } = useTranslation();
	const { data, isLoading } = useGameList(filter, lang);
	const first = data?.[0];
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(GameGrid, {
		games: first?.games.slice(0, shown),
		loading: isLoading
	}), first && first.games.length > 0 ? /* @__PURE__ */ jsx(Link, {
		className: "category-menu__more",
		to: more,
		children: t("more_games")
	}) : null] });
}
function VendorPanel({ vendors, icons }) {
	const { t } = useTranslation();
	const launch = useLaunchGame();
	if (vendors.length === 0) return /* @__PURE__ */ jsx("p", {
		className: "category-menu__empty",
		children: t("no_data")
	});
	return /* @__PURE__ */ jsx("ul", {
		className: "category-menu__vendors",
		children: vendors.map((v) => {
			const icon = icons.find((i) => i.vassalage === v.vassalage)?.mobileSmallIcon ?? `/wps/game/icon/vendor/${v.vassalage}.png`;
			return /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs("button", {
				type: "button",
				className: "category-menu__vendor",
				onClick: () => void launch({
					vassalage: v.vassalage,
					gameType: v.gameType
				}),
				children: [/* @__PURE__ */ jsx("img", {
					src: icon,
					alt: "",
					width: 120,
					height: 120,
					loading: "lazy",
					decoding: "async"
				}), /* @__PURE__ */ jsx("span", { children: v.accountTypeName })]
			}) }, `${v.gameType}:${v.vassalage}`);
		})
	});
}
function Panel({ category, lang, shown, icons }) {
	switch (panelKind(category.code)) {
		case "hot": return /* @__PURE__ */ jsx(HotPanel, { lang });
		case "gameType": return /* @__PURE__ */ jsx(ListPanel, {
			filter: { gameType: category.code },
			lang,
			shown,
			more: `/m/gameList?gameType=${category.code}`
		});
		case "inhouse": {
			const vendor = inhouseVendor(category);
			return /* @__PURE__ */ jsx(ListPanel, {
				filter: {
					gameType: "RNG",
					vassalage: vendor
				},
				lang,
				shown,
				more: `/m/slotsCenter?vassalage=${encodeURIComponent(vendor)}`
			});
		}
		case "vendors": return /* @__PURE__ */ jsx(VendorPanel, {
			vendors: category.vendors,
			icons
		});
	}
}
/** Popular games with the category menu: a tab per category, the active one's games or vendors below. */
function CategoryMenuView({ gamesShown }) {
	const { t, i18n } = useTranslation();
	const { tenant } = useRuntime();
	const lang = useContentLanguage(i18n, tenant);
	const { data, error } = useGameCategories(lang);
	const menu = useMemo(() => buildCategoryMenu(data?.sorting ?? tenant.categories.sorting, data?.categories ?? []), [data, tenant]);
	const [active, setActive] = useState("HOT");
	const tabs = useRef(null);
	const current = menu.find((c) => c.code === active) ?? menu[0];
	if (!data && !error) return /* @__PURE__ */ jsx("section", {
		className: "category-menu category-menu--loading",
		"aria-hidden": "true"
	});
	const onKeyDown = (e) => {
		const i = menu.findIndex((c) => c.code === current.code);
		const next = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? menu.length - 1 : null;
		if (next === null) return;
		e.preventDefault();
		const target = menu[(next + menu.length) % menu.length];
		setActive(target.code);
		tabs.current?.querySelector(`[data-category="${target.code}"]`)?.focus();
	};
	return /* @__PURE__ */ jsxs("section", {
		className: "category-menu",
		children: [/* @__PURE__ */ jsx("div", {
			ref: tabs,
			className: "category-menu__tabs",
			role: "tablist",
			children: menu.map((c) => {
				const selected = c.code === current.code;
				return /* @__PURE__ */ jsx("button", {
					type: "button",
					role: "tab",
					id: `category-tab-${c.code}`,
					"data-category": c.code,
					"aria-selected": selected,
					"aria-controls": "category-panel",
					tabIndex: selected ? 0 : -1,
					className: selected ? "category-menu__tab category-menu__tab--active" : "category-menu__tab",
					onClick: () => setActive(c.code),
					onKeyDown,
					children: t(`cat_${c.code}`)
				}, c.code);
			})
		}), /* @__PURE__ */ jsx("div", {
			id: "category-panel",
			role: "tabpanel",
			"aria-labelledby": `category-tab-${current.code}`,
			className: "category-menu__panel",
			children: /* @__PURE__ */ jsx(Panel, {
				category: current,
				lang,
				shown: gamesShown,
				icons: data?.vendors ?? []
			}, current.code)
		})]
	});
}
export { SEARCH_DEBOUNCE_MS, CategoryMenuView as default };
