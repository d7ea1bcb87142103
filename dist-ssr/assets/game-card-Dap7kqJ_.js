import { r as request } from "./client-7PKTKQkC.js";
import { memo, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
import { produce } from "immer";
import useSWRInfinite from "swr/infinite";
// src/features/games/api/games.ts
/**
* Games (schemas/api/games.json): the catalogue pages, hot games, categories, slot types,
* favourites, recent plays, hot matches, the jackpot, lottery lists and the launch call. One
* fetcher and one hook per resource. Paged lists go through `useGamePages` (useSWRInfinite), so
* that the game list, favourites and recent games page the same way (spec sections 4 and 9).
*/
var GAMES_LIST_PATH = "/wps/game/list";
var GAME_TYPES_PATH = "/wps/game/types";
var GAME_CATEGORIES_PATH = "/wps/game/categories";
var HOT_GAMES_PATH = "/wps/game/hot";
var FAVOURITES_PATH = "/wps/game/favourites";
var FAVOURITE_IDS_PATH = "/wps/game/favourites/ids";
var RECENT_PATH = "/wps/game/recent";
/** Spec section 7: the platform and client type every game query names. */
var PLATFORM = "html5";
/** The query of one page of a source (page is 1-based). */
function pageQuery(source, page, language) {
	switch (source.kind) {
		case "list": {
			const f = source.filter;
			return {
				path: GAMES_LIST_PATH,
				query: {
					platform: PLATFORM,
					gameType: f.gameType,
					gameClassify: f.gameClassify,
					vassalage: f.vassalage,
					gameName: f.gameName?.trim() || void 0,
					minBet: f.minBet,
					minLine: f.minLine,
					isNew: f.isNew === 1 ? 1 : void 0,
					page,
					pageSize: 26,
					language
				}
			};
		}
		case "favourites": return {
			path: FAVOURITES_PATH,
			query: {
				pageNo: page,
				pageSize: 26,
				gameType: source.gameType,
				language
			}
		};
		case "recent": return {
			path: RECENT_PATH,
			query: {
				page,
				pageSize: 25,
				gameType: source.gameType,
				language,
				clientType: 2
			}
		};
		case "hot": return {
			path: HOT_GAMES_PATH,
			query: {
				isPlatform: 2,
				platform: PLATFORM,
				gameType: source.gameType,
				gameName: source.gameName?.trim() || void 0,
				language
			}
		};
	}
}
/** Reads any of the spec's paged shapes (games, content or list; pageNum; totalPages). */
function normalisePage(value, page) {
	const v = value ?? {};
	return {
		games: v.games ?? v.content ?? v.list ?? [],
		pageNum: typeof v.pageNum === "number" ? v.pageNum : page,
		totalPages: typeof v.totalPages === "number" ? v.totalPages : 1
	};
}
/** Fetches one page of a source. */
async function getGamesPage(source, page, language) {
	const { path, query } = pageQuery(source, page, language);
	return normalisePage(await request("GET", path, { query }), page);
}
/** True while the source has pages after `last` (hot games never do). */
function hasMorePages(source, last) {
	if (!last) return true;
	if (source.kind === "hot") return false;
	return last.pageNum < last.totalPages && last.games.length > 0;
}
/**
* Pages of a source with useSWRInfinite: `setSize(size + 1)` loads the next page and appends it.
* A null source loads nothing. The token is part of the key (favourites and recent are per member),
* so is the language (a language change reloads). The first page is not refetched when paging on.
* `epoch` forces a fresh list from page 1 when it changes (a tab tapped again, a filter resubmitted).
*/
function useGamePages(source, language, token, epoch = 0) {
	const sourceKey = source ? JSON.stringify(source) : "";
	const getKey = useCallback((index, previous) => {
		if (!source) return null;
		if (index > 0 && !hasMorePages(source, previous ?? void 0)) return null;
		return [
			"games-page",
			sourceKey,
			language,
			index + 1,
			token ?? "",
			epoch
		];
	}, [
		sourceKey,
		language,
		token,
		epoch
	]);
	return useSWRInfinite(getKey, (key) => getGamesPage(JSON.parse(key[1]), key[3], key[2]), {
		revalidateFirstPage: false,
		revalidateOnFocus: false
	});
}
/** The catalogue list of a category (spec: gameType, classification, vendor, name, minimum bet). */
function useGameList(filter, language) {
	return useGamePages(filter ? {
		kind: "list",
		filter
	} : null, language, null);
}
/** Hot games (isPlatform 2), optionally of one game type and matching a name; no paging. */
function useHotGames(language, gameType, gameName) {
	const { path, query } = pageQuery({
		kind: "hot",
		gameType,
		gameName
	}, 1, language);
	return useSWR([path, query], ([p, q]) => request("GET", p, { query: q }).then((v) => v.list), { revalidateOnFocus: false });
}
/** The category menu: the server's sorting, each category's vendors, and every vendor. */
function useGameCategories(language) {
	return useSWR([GAME_CATEGORIES_PATH, { language }], ([p, q]) => request("GET", p, { query: q }), { revalidateOnFocus: false });
}
/** typeId 1: the slot types of the RNG filter; typeId 2: game types with their vendors; null loads nothing. */
function useGameTypes(typeId, language) {
	return useSWR(typeId ? [GAME_TYPES_PATH, {
		typeId,
		language
	}] : null, ([p, q]) => request("GET", p, { query: q }), { revalidateOnFocus: false });
}
function postFavourite(game) {
	return request("POST", FAVOURITES_PATH, { body: {
		nodeId: game.nodeId,
		vendor: game.vassalage
	} });
}
function deleteFavourite(game) {
	return request("DELETE", FAVOURITES_PATH, { query: {
		nodeId: game.nodeId,
		vendor: game.vassalage
	} });
}
/** The SWR key of the member's favourite ids (shared: every star on the page reads the same entry). */
function favouriteIdsKey(token) {
	return token ? [
		FAVOURITE_IDS_PATH,
		void 0,
		token
	] : null;
}
function useFavouriteIds(token) {
	return useSWR(favouriteIdsKey(token), ([path]) => request("GET", path), { revalidateOnFocus: false });
}
/**
* The member's favourites with the spec's rules (section 4): adding is skipped if present, removal
* is immediate locally (an immer update of the cached ids) and then the server is called.
* Visitors must be sent to /m/login by the caller before calling add or remove.
*/
function useFavourites(token) {
	const { data, mutate } = useFavouriteIds(token);
	const ids = useMemo(() => new Set(data ?? []), [data]);
	const add = useCallback(async (game) => {
		if (!token || ids.has(game.nodeId)) return;
		await mutate(async (current) => {
			await postFavourite(game);
			return produce(current ?? [], (draft) => {
				if (!draft.includes(game.nodeId)) draft.unshift(game.nodeId);
			});
		}, {
			optimisticData: (current) => produce(current ?? [], (draft) => void draft.unshift(game.nodeId)),
			rollbackOnError: true,
			revalidate: false,
			populateCache: true
		});
	}, [
		ids,
		mutate,
		token
	]);
	const remove = useCallback(async (game) => {
		if (!token) return;
		await mutate((current) => produce(current ?? [], (draft) => {
			const i = draft.indexOf(game.nodeId);
			if (i !== -1) draft.splice(i, 1);
		}), { revalidate: false });
		try {
			await deleteFavourite(game);
		} catch (err) {
			await mutate();
			throw err;
		}
	}, [mutate, token]);
	const toggle = useCallback((game) => ids.has(game.nodeId) ? remove(game) : add(game), [
		add,
		ids,
		remove
	]);
	const isFavourite = useCallback((nodeId) => ids.has(nodeId), [ids]);
	return useMemo(() => ({
		ids,
		isFavourite,
		add,
		remove,
		toggle
	}), [
		ids,
		isFavourite,
		add,
		remove,
		toggle
	]);
}
/** Pages without one game (a favourite removed on the favourites tab disappears at once). */
function withoutGame(pages, nodeId) {
	if (!pages) return pages;
	return produce(pages, (draft) => {
		for (const page of draft) {
			const i = page.games.findIndex((g) => g.nodeId === nodeId);
			if (i !== -1) page.games.splice(i, 1);
		}
	});
}
// src/features/games/components/game-card.tsx
/** The game's display name (gameName, else nodeName). */
function gameNameOf(game) {
	return game.gameName || game.nodeName || "";
}
/** The icon to show for a size (iconUrl / showIcon, then the size's own icon). */
function gameIconOf(game, size = "small") {
	return (size === "large" ? game.mobileLargeIcon : game.mobileSmallIcon) || game.iconUrl || game.showIcon || game.mobileSmallIcon || "";
}
function StarIcon({ filled }) {
	return /* @__PURE__ */ jsx("svg", {
		viewBox: "0 0 24 24",
		width: "1em",
		height: "1em",
		"aria-hidden": "true",
		focusable: "false",
		children: /* @__PURE__ */ jsx("path", {
			d: "M12 3.2l2.7 5.5 6 .9-4.35 4.25 1 6-5.35-2.8-5.35 2.8 1-6L3.3 9.6l6-.9z",
			fill: filled ? "currentColor" : "none",
			stroke: "currentColor",
			strokeWidth: 1.8,
			strokeLinejoin: "round"
		})
	});
}
function GameCardView({ game, favourite, onLaunch, onFavourite, showVendor = true, vendorName, size = "small", className }) {
	const { t } = useTranslation();
	const name = gameNameOf(game);
	const icon = gameIconOf(game, size);
	const onStar = (e) => {
		e.stopPropagation();
		onFavourite?.(game);
	};
	return /* @__PURE__ */ jsxs("div", {
		className: `game-card game-card--${size}${className ? ` ${className}` : ""}`,
		"data-node-id": game.nodeId,
		children: [/* @__PURE__ */ jsxs("button", {
			type: "button",
			className: "game-card__launch",
			onClick: () => onLaunch?.(game),
			"aria-label": name,
			children: [
				/* @__PURE__ */ jsxs("span", {
					className: "game-card__icon",
					children: [icon ? /* @__PURE__ */ jsx("img", {
						src: icon,
						alt: "",
						width: size === "large" ? 240 : 120,
						height: size === "large" ? 240 : 120,
						loading: "lazy",
						decoding: "async"
					}) : null, game.gameClassifyNew ? /* @__PURE__ */ jsx("span", {
						className: "game-card__badge",
						children: t("new")
					}) : null]
				}),
				/* @__PURE__ */ jsx("span", {
					className: "game-card__name",
					children: name
				}),
				showVendor && (vendorName || game.vassalage) ? /* @__PURE__ */ jsx("span", {
					className: "game-card__vendor",
					children: vendorName || game.vassalage
				}) : null
			]
		}), favourite !== void 0 ? /* @__PURE__ */ jsx("button", {
			type: "button",
			className: `game-card__star${favourite ? " game-card__star--on" : ""}`,
			"aria-pressed": favourite,
			"aria-label": t("favourites"),
			onClick: onStar,
			children: /* @__PURE__ */ jsx(StarIcon, { filled: favourite })
		}) : null]
	});
}
/** A game tile. Memoised: long lists re-render only the tiles whose props changed. */
var GameCard = memo(GameCardView);
export { useGameList as a, useHotGames as c, useGameCategories as i, withoutGame as l, hasMorePages as n, useGamePages as o, useFavourites as r, useGameTypes as s, GameCard as t };
