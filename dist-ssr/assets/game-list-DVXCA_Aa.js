import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { i as useGameCategories, l as withoutGame, n as hasMorePages, o as useGamePages, r as useFavourites, s as useGameTypes, t as GameCard } from "./game-card-Dap7kqJ_.js";
import { o as useLaunchGame } from "./launch-CTIoCzRq.js";
import { t as useMemberInfo } from "./member-u_S7ijLW.js";
import { t as AccountFormHostContext } from "./form-fields-CIMhb1dU.js";
import { a as hideLoading, o as showLoading, s as showToast } from "./feedback-epjTtoKD.js";
import { a as useLanguageChange, g as useRuntime, r as currentLanguageCode } from "../entry-server.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// src/components/paged-list/list-footer.tsx
/** Below a paged list: loading, nothing at all, no more, or a retry button after a failure. */
function ListFooter({ status, onRetry, endNote = true }) {
	const { t } = useTranslation();
	let content = null;
	switch (status) {
		case "error":
			content = /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "list-footer__retry",
				onClick: onRetry,
				children: t("loading_failed_retry")
			});
			break;
		case "loading":
			content = /* @__PURE__ */ jsx("p", {
				className: "list-footer__status",
				role: "status",
				children: t("loading")
			});
			break;
		case "empty":
			content = /* @__PURE__ */ jsx("p", {
				className: "list-footer__empty",
				children: t("no_data")
			});
			break;
		case "end": if (endNote) content = /* @__PURE__ */ jsx("p", {
			className: "list-footer__status",
			children: t("no_more")
		});
	}
	return /* @__PURE__ */ jsx("div", {
		className: "list-footer",
		children: content
	});
}
var SCROLL_THROTTLE_MS = 1e3;
/** Distance from the viewport's bottom to the document's bottom, in px. */
function distanceToBottom(win = window) {
	const doc = win.document.documentElement;
	return Math.max(doc.scrollHeight, win.document.body?.scrollHeight ?? 0) - (win.scrollY + win.innerHeight);
}
function useInfiniteScroll({ enabled, onLoadMore, signal, thresholdPx = 500, throttleMs = SCROLL_THROTTLE_MS, distance = distanceToBottom }) {
	const latest = useRef({
		enabled,
		onLoadMore,
		thresholdPx,
		throttleMs,
		distance
	});
	const last = useRef(Number.NEGATIVE_INFINITY);
	const timer = useRef(void 0);
	const check = useRef(() => void 0);
	useEffect(() => {
		latest.current = {
			enabled,
			onLoadMore,
			thresholdPx,
			throttleMs,
			distance
		};
	});
	useEffect(() => {
		check.current = () => {
			const l = latest.current;
			if (!l.enabled || l.distance() > l.thresholdPx) return;
			const wait = last.current + l.throttleMs - Date.now();
			if (wait > 0) {
				if (timer.current === void 0) timer.current = setTimeout(() => {
					timer.current = void 0;
					check.current();
				}, wait);
				return;
			}
			last.current = Date.now();
			l.onLoadMore();
		};
		const onScroll = () => check.current();
		window.addEventListener("scroll", onScroll, { passive: true });
		window.addEventListener("resize", onScroll, { passive: true });
		return () => {
			window.removeEventListener("scroll", onScroll);
			window.removeEventListener("resize", onScroll);
			clearTimeout(timer.current);
			timer.current = void 0;
		};
	}, []);
	useEffect(() => {
		if (!enabled) return;
		const id = requestAnimationFrame(() => check.current());
		return () => cancelAnimationFrame(id);
	}, [enabled, signal]);
}
// src/components/paged-list/use-paged-list.ts
/**
* The paging state of a list that loads page after page (spec section 9): the first load, the
* next page, the end, a failure and its retry. It reads the answer of a `useSWRInfinite` hook (an
* area's `useXxxPages` in its api file), which owns the requests and their cache keys; a new key
* there starts the list over from page 1, and this state follows.
*/
function usePagedList(loader, options) {
	const { data, error, size, setSize, isLoading, mutate } = loader;
	const { itemsOf, keyOf, pageSize, isLastPage } = options;
	const items = useMemo(() => {
		const out = [];
		const seen = /* @__PURE__ */ new Set();
		for (const page of data ?? []) for (const item of itemsOf(page)) {
			if (keyOf) {
				const key = keyOf(item);
				if (seen.has(key)) continue;
				seen.add(key);
			}
			out.push(item);
		}
		return out;
	}, [
		data,
		itemsOf,
		keyOf
	]);
	const last = data?.[data.length - 1];
	const lastPage = (page) => isLastPage ? isLastPage(page) : pageSize !== void 0 && itemsOf(page).length < pageSize;
	const loadingMore = !error && size > (data?.length ?? 0);
	const hasMore = !!data && (last === void 0 || !lastPage(last));
	const canLoadMore = hasMore && !loadingMore && !error && !isLoading;
	let status;
	if (error) status = "error";
	else if (isLoading || loadingMore) status = "loading";
	else if (items.length === 0) status = "empty";
	else if (!hasMore) status = "end";
	else status = "more";
	return {
		items,
		status,
		loading: isLoading,
		loadingMore,
		hasMore,
		error,
		canLoadMore,
		loadNext: () => {
			if (canLoadMore) setSize((s) => s + 1);
		},
		retry: () => void mutate()
	};
}
// widgets/game-list/filter-panel.tsx
/** Classifications every slot list offers before the server's slot types. */
var BASE_CLASSIFY = [
	{
		code: "ALL",
		label: "all"
	},
	{
		code: "NEW",
		label: "new"
	},
	{
		code: "HOT",
		label: "hot"
	}
];
function Choice({ selected, onClick, children }) {
	return /* @__PURE__ */ jsx("button", {
		type: "button",
		className: `game-filter__choice${selected ? " game-filter__choice--on" : ""}`,
		"aria-pressed": selected,
		onClick,
		children
	});
}
/** A bottom sheet in the game list's own look (styles.css). */
var SHEET = {
	mask: "game-filter",
	panel: "game-filter__panel"
};
/**
* The filter panel (spec section 2): vendors; slot game type and minimum bet (slots only); submit,
* reset; links to the other game categories. Choices are a draft until submitted.
*/
function FilterPanel({ slots, vendors, slotTypes, minBetOptions, categoryLinks, value, defaultClassify, onSubmit, onReset, onClose }) {
	const { t } = useTranslation();
	const [draft, setDraft] = useState(value);
	const set = (patch) => setDraft((d) => ({
		...d,
		...patch
	}));
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: "game-filter-title",
		onDismiss: onClose,
		frame: SHEET,
		initialFocus: "panel",
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "game-filter__head",
				children: [/* @__PURE__ */ jsx("h2", {
					id: "game-filter-title",
					children: t("filter")
				}), /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "game-filter__close",
					"aria-label": t("close"),
					onClick: onClose,
					children: "×"
				})]
			}),
			/* @__PURE__ */ jsxs("div", {
				className: "game-filter__body",
				children: [
					/* @__PURE__ */ jsxs("fieldset", {
						className: "game-filter__group",
						children: [
							/* @__PURE__ */ jsx("legend", { children: t("vendors") }),
							/* @__PURE__ */ jsx(Choice, {
								selected: draft.vassalage === "",
								onClick: () => set({ vassalage: "" }),
								children: t("all")
							}),
							vendors.map((v) => /* @__PURE__ */ jsx(Choice, {
								selected: draft.vassalage === v.code,
								onClick: () => set({ vassalage: v.code }),
								children: v.name
							}, v.code))
						]
					}),
					slots ? /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsxs("fieldset", {
						className: "game-filter__group",
						children: [
							/* @__PURE__ */ jsx("legend", { children: t("slot_type") }),
							BASE_CLASSIFY.map((c) => /* @__PURE__ */ jsx(Choice, {
								selected: draft.gameClassify === c.code,
								onClick: () => set({ gameClassify: c.code }),
								children: t(c.label)
							}, c.code)),
							slotTypes.map((s) => /* @__PURE__ */ jsx(Choice, {
								selected: draft.gameClassify === s.code,
								onClick: () => set({ gameClassify: s.code }),
								children: s.name
							}, s.code))
						]
					}), /* @__PURE__ */ jsxs("fieldset", {
						className: "game-filter__group",
						children: [
							/* @__PURE__ */ jsx("legend", { children: t("minimum_bet") }),
							/* @__PURE__ */ jsx(Choice, {
								selected: draft.minBet === null,
								onClick: () => set({ minBet: null }),
								children: t("all")
							}),
							minBetOptions.map((bet) => /* @__PURE__ */ jsx(Choice, {
								selected: draft.minBet === bet,
								onClick: () => set({ minBet: bet }),
								children: bet
							}, bet))
						]
					})] }) : null,
					categoryLinks.length > 0 ? /* @__PURE__ */ jsxs("nav", {
						className: "game-filter__group game-filter__links",
						"aria-labelledby": "game-filter-others",
						children: [/* @__PURE__ */ jsx("h3", {
							id: "game-filter-others",
							children: t("other_categories")
						}), categoryLinks.map((link) => /* @__PURE__ */ jsx(Link, {
							to: link.to,
							className: "game-filter__link",
							onClick: onClose,
							children: t(link.label)
						}, link.to))]
					}) : null
				]
			}),
			/* @__PURE__ */ jsxs("div", {
				className: "game-filter__actions",
				children: [/* @__PURE__ */ jsx("button", {
					type: "button",
					className: "game-filter__reset",
					onClick: () => {
						setDraft({
							vassalage: "",
							gameClassify: defaultClassify,
							minBet: null
						});
						onReset();
					},
					children: t("reset")
				}), /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "game-filter__submit",
					onClick: () => onSubmit(draft),
					children: t("submit")
				})]
			})
		]
	});
}
function allTabClassify(gameType) {
	return gameType === "RNG" ? "NEW" : "ALL";
}
function initialState(gameType, vassalage = "") {
	return {
		gameType,
		tab: vassalage ? "vendor" : "all",
		filter: {
			gameClassify: vassalage ? "ALL" : allTabClassify(gameType),
			minBet: null,
			vassalage,
			gameName: ""
		},
		reload: 0
	};
}
/** The list tab a filter lands on: the vendor's tab, or all. */
function listTab(vassalage) {
	return vassalage ? "vendor" : "all";
}
function reducer(state, action) {
	const reload = state.reload + 1;
	switch (action.type) {
		case "tab":
			if (action.tab === "all") return {
				...state,
				tab: "all",
				filter: {
					...state.filter,
					vassalage: "",
					gameClassify: allTabClassify(state.gameType)
				},
				reload
			};
			return {
				...state,
				tab: action.tab,
				reload
			};
		case "vendor":
			if (!action.vassalage) return reducer(state, {
				type: "tab",
				tab: "all"
			});
			return {
				...state,
				tab: "vendor",
				filter: {
					...state.filter,
					vassalage: action.vassalage,
					gameClassify: "ALL"
				},
				reload
			};
		case "classify": return {
			...state,
			tab: state.tab === "hot" || state.tab === "recent" || state.tab === "fav" ? listTab(state.filter.vassalage) : state.tab,
			filter: {
				...state.filter,
				gameClassify: action.gameClassify,
				gameName: ""
			},
			reload
		};
		case "search": return {
			...state,
			tab: state.tab === "recent" || state.tab === "fav" ? listTab(state.filter.vassalage) : state.tab,
			filter: {
				...state.filter,
				gameName: action.gameName.trim()
			},
			reload
		};
		case "apply": {
			const classifyChanged = action.gameClassify !== state.filter.gameClassify;
			return {
				...state,
				tab: listTab(action.vassalage),
				filter: {
					gameClassify: action.gameClassify,
					minBet: state.gameType === "RNG" ? action.minBet : null,
					vassalage: action.vassalage,
					gameName: classifyChanged ? "" : state.filter.gameName
				},
				reload
			};
		}
		case "reset": return {
			...initialState(state.gameType),
			reload
		};
	}
}
/** What the list shows for a state. */
function sourceOf(state) {
	const { gameType, filter } = state;
	switch (state.tab) {
		case "hot": return {
			kind: "hot",
			gameType,
			gameName: filter.gameName || void 0
		};
		case "recent": return {
			kind: "recent",
			gameType
		};
		case "fav": return {
			kind: "favourites",
			gameType
		};
		case "all":
		case "vendor": return {
			kind: "list",
			filter: {
				gameType,
				gameClassify: filter.gameClassify,
				vassalage: filter.vassalage || void 0,
				gameName: filter.gameName || void 0,
				minBet: filter.minBet ?? void 0
			}
		};
	}
}
var GAME_TYPES = [
	"RNG",
	"FISH",
	"LIVE",
	"PVP",
	"SPORTS",
	"ESPORTS",
	"COCKFIGHT",
	"LOTT",
	"ELOTT",
	"INHOUSE"
];
function isGameType(value) {
	return !!value && GAME_TYPES.includes(value);
}
/**
* The category and vendor a route names: ?gameType= wins; /m/slotsCenter is slots (its
* ?vassalage= preselects the vendor); the lottery routes are lottery; else the fallback.
*/
function routeSelection(pathname, search, fallback) {
	const named = search.get("gameType")?.toUpperCase();
	const vassalage = (search.get("vassalage") ?? "").toUpperCase();
	const validVendor = /^[A-Z0-9_]{2,20}$/.test(vassalage) ? vassalage : "";
	if (isGameType(named)) return {
		gameType: named,
		vassalage: validVendor
	};
	if (pathname.startsWith("/m/slotsCenter")) return {
		gameType: "RNG",
		vassalage: validVendor
	};
	if (/^\/m\/(lottery|moreLottery|startLottery)/.test(pathname)) return {
		gameType: "LOTT",
		vassalage: validVendor
	};
	return {
		gameType: fallback,
		vassalage: validVendor
	};
}
// widgets/game-list/game-list.tsx
var QUICK_TAB = {
	recent: {
		tab: "recent",
		label: "recent"
	},
	favourites: {
		tab: "fav",
		label: "favourites"
	},
	hot: {
		tab: "hot",
		label: "hot"
	}
};
var DEFAULT_MIN_BETS = [
	.01,
	.05,
	.1,
	.5,
	.75
];
var gamesOf = (page) => page.games;
var nodeIdOf = (game) => game.nodeId;
function failureKey(err) {
	return err instanceof ApiFailure ? err.messageKey : "unknown_error";
}
function Sheet({ labelKey, onClose, children }) {
	const { t } = useTranslation();
	const titleId = useId();
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: titleId,
		onDismiss: onClose,
		frame: SHEET,
		children: [/* @__PURE__ */ jsxs("div", {
			className: "game-filter__head",
			children: [/* @__PURE__ */ jsx("h2", {
				id: titleId,
				children: t(labelKey)
			}), /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "game-filter__close",
				"aria-label": t("close"),
				onClick: onClose,
				children: "×"
			})]
		}), /* @__PURE__ */ jsx("div", {
			className: "game-filter__body",
			children
		})]
	});
}
/**
* The game list (spec sections 2 and 4). State lives in a reducer (./state.ts), pages in
* useSWRInfinite (src/features/games/api/games.ts) read through usePagedList, favourites in the
* shared SWR entry of favourite ids.
*/
function GameList({ gameType: fallbackType = "RNG", quickTabs = [
	"recent",
	"favourites",
	"hot"
], search: showSearch = true, filter: showFilter = true, vendorsPerView = 4, minBetOptions = DEFAULT_MIN_BETS, freePlay = false, categoryLinks = [], children }) {
	const { t, i18n } = useTranslation();
	const { tenant, session, requireLogin } = useRuntime();
	const token = session?.token ?? null;
	const { pathname, search } = useLocation();
	const selection = useMemo(() => routeSelection(pathname, new URLSearchParams(search), fallbackType), [
		pathname,
		search,
		fallbackType
	]);
	const [state, dispatch] = useReducer(reducer, selection, (s) => initialState(s.gameType, s.vassalage));
	const [query, setQuery] = useState("");
	const [filterOpen, setFilterOpen] = useState(false);
	const [passwordOpen, setPasswordOpen] = useState(false);
	useEffect(() => {
		if (selection.gameType !== state.gameType || selection.vassalage && selection.vassalage !== state.filter.vassalage) {
			dispatch({ type: "reset" });
			if (selection.vassalage) dispatch({
				type: "vendor",
				vassalage: selection.vassalage
			});
		}
	}, [selection]);
	const [language, setLanguage] = useState(() => currentLanguageCode(i18n, tenant));
	useLanguageChange(setLanguage);
	const source = useMemo(() => sourceOf(state), [state]);
	const memberOnly = source.kind === "recent" || source.kind === "favourites";
	const gamePages = useGamePages(memberOnly && !token ? null : source, language, token, state.reload);
	const { isLoading, mutate } = gamePages;
	const list = usePagedList(gamePages, {
		itemsOf: gamesOf,
		keyOf: nodeIdOf,
		isLastPage: useCallback((page) => !hasMorePages(source, page), [source])
	});
	const games = list.items;
	const favourites = useFavourites(token);
	const member = useMemberInfo(token);
	const needsPassword = member.data?.passwordSet === false;
	const categories = useGameCategories(language);
	const slotTypes = useGameTypes(state.gameType === "RNG" ? 1 : null, language);
	const launch = useLaunchGame();
	useInfiniteScroll({
		enabled: list.canLoadMore,
		onLoadMore: list.loadNext,
		signal: games.length
	});
	const notice = (source.kind === "hot" || source.kind === "recent") && isLoading;
	useEffect(() => {
		if (!notice) return;
		showLoading("loading");
		return () => hideLoading();
	}, [notice]);
	const vendorInfo = useMemo(() => new Map((categories.data?.vendors ?? []).map((v) => [v.vassalage, v])), [categories.data]);
	const vendors = useMemo(() => {
		return ((categories.data?.categories.find((c) => c.gameCategory === state.gameType))?.vendorNames ?? []).map((v) => {
			const info = vendorInfo.get(v.vassalage);
			return {
				code: v.vassalage,
				name: info?.name ?? v.accountTypeName ?? v.vassalage,
				icon: info?.mobileSmallIcon ?? ""
			};
		});
	}, [
		categories.data,
		state.gameType,
		vendorInfo
	]);
	const selectTab = (tab) => {
		if ((tab === "recent" || tab === "fav") && !token) return requireLogin();
		dispatch({
			type: "tab",
			tab
		});
	};
	const onSearch = (e) => {
		e.preventDefault();
		dispatch({
			type: "search",
			gameName: query
		});
	};
	const onFavourite = useCallback((game) => {
		if (!token) return requireLogin();
		const ref = {
			nodeId: game.nodeId,
			vassalage: game.vassalage
		};
		if (favourites.isFavourite(game.nodeId)) {
			if (source.kind === "favourites") mutate((pages) => withoutGame(pages, game.nodeId), { revalidate: false });
			favourites.remove(ref).catch((err) => {
				showToast(failureKey(err));
				if (source.kind === "favourites") mutate();
			});
		} else favourites.add(ref).catch((err) => void showToast(failureKey(err)));
	}, [
		token,
		requireLogin,
		favourites,
		source.kind,
		mutate
	]);
	const onLaunch = useCallback((game) => {
		if (!token && !(freePlay && game.supportPlay)) return requireLogin();
		launch(game, { onFailure: (failure) => {
			if (failure.errorCode !== "password.not.set") return false;
			setPasswordOpen(true);
			return true;
		} });
	}, [
		token,
		freePlay,
		requireLogin,
		launch
	]);
	const onFilterSubmit = (values) => {
		if (values.gameClassify !== state.filter.gameClassify) setQuery("");
		dispatch({
			type: "apply",
			...values
		});
		setFilterOpen(false);
	};
	const onFilterReset = () => {
		setQuery("");
		dispatch({ type: "reset" });
		setFilterOpen(false);
	};
	const closeFilter = useCallback(() => setFilterOpen(false), []);
	const closePassword = useCallback(() => setPasswordOpen(false), []);
	const passwordHost = useMemo(() => ({ onDone: () => {
		setPasswordOpen(false);
		member.mutate();
	} }), [member]);
	const tabSelected = (tab, vassalage = "") => state.tab === tab && (tab !== "vendor" || state.filter.vassalage === vassalage);
	const idle = memberOnly && !token && list.status !== "error" && list.status !== "loading";
	return /* @__PURE__ */ jsxs("section", {
		className: "game-list",
		"data-game-type": state.gameType,
		style: { ["--vendors-per-view"]: vendorsPerView },
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "game-list__top",
				children: [
					showSearch || showFilter ? /* @__PURE__ */ jsxs("form", {
						className: "game-list__search",
						role: "search",
						onSubmit: onSearch,
						children: [showSearch ? /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx("input", {
							type: "search",
							className: "game-list__query",
							value: query,
							maxLength: 64,
							placeholder: t("search_game_name"),
							"aria-label": t("search_game_name"),
							onChange: (e) => setQuery(e.target.value)
						}), /* @__PURE__ */ jsx("button", {
							type: "submit",
							className: "game-list__search-button",
							children: t("search")
						})] }) : null, showFilter ? /* @__PURE__ */ jsx("button", {
							type: "button",
							className: "game-list__filter-button",
							"aria-haspopup": "dialog",
							onClick: () => setFilterOpen(true),
							children: t("filter")
						}) : null]
					}) : null,
					quickTabs.length > 0 ? /* @__PURE__ */ jsx("div", {
						className: "game-list__quick",
						role: "tablist",
						"aria-label": t("game_centre"),
						children: quickTabs.map((name) => {
							const { tab, label } = QUICK_TAB[name];
							return /* @__PURE__ */ jsx("button", {
								type: "button",
								role: "tab",
								"aria-selected": tabSelected(tab),
								className: "game-list__quick-tab",
								onClick: () => selectTab(tab),
								children: t(label)
							}, name);
						})
					}) : null,
					/* @__PURE__ */ jsxs("div", {
						className: "game-list__vendors",
						role: "tablist",
						"aria-label": t("vendors"),
						children: [/* @__PURE__ */ jsx("button", {
							type: "button",
							role: "tab",
							"aria-selected": tabSelected("all"),
							className: "game-list__vendor-tab",
							onClick: () => selectTab("all"),
							children: /* @__PURE__ */ jsx("span", { children: t("all") })
						}), vendors.map((v) => /* @__PURE__ */ jsxs("button", {
							type: "button",
							role: "tab",
							"aria-selected": tabSelected("vendor", v.code),
							className: "game-list__vendor-tab",
							"data-vendor": v.code,
							onClick: () => dispatch({
								type: "vendor",
								vassalage: v.code
							}),
							children: [v.icon ? /* @__PURE__ */ jsx("img", {
								src: v.icon,
								alt: "",
								width: 24,
								height: 24,
								loading: "lazy"
							}) : null, /* @__PURE__ */ jsx("span", { children: v.name })]
						}, v.code))]
					})
				]
			}),
			token && needsPassword && children ? /* @__PURE__ */ jsxs("div", {
				className: "game-list__password",
				children: [/* @__PURE__ */ jsx("p", { children: t("err_password_not_set") }), /* @__PURE__ */ jsx("button", {
					type: "button",
					onClick: () => setPasswordOpen(true),
					children: t("set_password")
				})]
			}) : null,
			/* @__PURE__ */ jsx("ul", {
				className: "game-list__grid",
				"aria-busy": list.loading || list.loadingMore,
				children: games.map((game) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(GameCard, {
					game,
					vendorName: vendorInfo.get(game.vassalage)?.name,
					favourite: token ? favourites.isFavourite(game.nodeId) : false,
					onLaunch,
					onFavourite
				}) }, game.nodeId))
			}),
			/* @__PURE__ */ jsx(ListFooter, {
				status: idle ? "idle" : list.status,
				onRetry: list.retry,
				endNote: source.kind !== "hot"
			}),
			filterOpen ? /* @__PURE__ */ jsx(FilterPanel, {
				slots: state.gameType === "RNG",
				vendors,
				slotTypes: (slotTypes.data?.list ?? []).map((s) => ({
					code: s.code,
					name: s.name
				})),
				minBetOptions,
				categoryLinks,
				value: {
					vassalage: state.filter.vassalage,
					gameClassify: state.filter.gameClassify,
					minBet: state.filter.minBet
				},
				defaultClassify: allTabClassify(state.gameType),
				onSubmit: onFilterSubmit,
				onReset: onFilterReset,
				onClose: closeFilter
			}) : null,
			passwordOpen && children ? /* @__PURE__ */ jsx(Sheet, {
				labelKey: "set_password",
				onClose: closePassword,
				children: /* @__PURE__ */ jsx(AccountFormHostContext.Provider, {
					value: passwordHost,
					children
				})
			}) : null
		]
	});
}
export { DEFAULT_MIN_BETS, GameList as default };
