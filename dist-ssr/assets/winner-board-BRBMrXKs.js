/* empty css                */
import { i as swrFetcher } from "./client-7PKTKQkC.js";
import { o as useLaunchGame } from "./launch-CTIoCzRq.js";
import { g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
import { Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
// src/features/games/api/winners.ts
/**
* The winner board (relay GCSGAME_getRankList, spec section 7): the biggest recent wins of every
* game category, at most 20, in the player's language.
*/
var RANK_LIST_PATH = "/wps/relay/GCSGAME_getRankList";
function rankListQuery(language) {
	return {
		gameCategory: "ALL",
		language,
		limitNum: 20
	};
}
/** Spec section 9: the list is sorted by winAmount, biggest first (whatever order the server sent). */
function sortWinners(list) {
	return [...list].sort((a, b) => b.winAmount - a.winAmount);
}
/** The winner list of a language; null skips the call. */
function useRankList(language) {
	return useSWR(language ? [RANK_LIST_PATH, rankListQuery(language)] : null, ([path, query]) => swrFetcher([path, { ...query }]), { revalidateOnFocus: false });
}
var WINNER_SPEED_MS = 1500;
/** The pause between steps (the spec gives none): long enough to read a row and tap it. */
var WINNER_AUTOPLAY_MS = 2e3;
/** True when the board is a looping carousel rather than a static view. */
function winnerLoops(count) {
	return count > 3;
}
function winnerSwiperOptions() {
	return {
		direction: "vertical",
		loop: true,
		slidesPerView: 3,
		spaceBetween: 10,
		speed: WINNER_SPEED_MS,
		autoplay: {
			delay: WINNER_AUTOPLAY_MS,
			disableOnInteraction: false
		},
		allowTouchMove: false
	};
}
/**
* Swiper's loop needs at least two screens of slides: a short list repeats itself (4 winners
* become 8 slides) so that the carousel never stalls or shows a gap.
*/
function loopSlides(list, visible = 3) {
	if (list.length === 0) return [];
	const out = [...list];
	while (out.length < visible * 2) out.push(...list);
	return out;
}
/** A win amount with its currency symbol and 2 decimals, grouped (₱1,234.50). */
function formatWin(symbol, amount) {
	return `${symbol}${amount.toLocaleString("en-US", {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2
	})}`;
}
// widgets/winner-board/winner-board.tsx
function WinnerRow({ winner, symbol, onPlay }) {
	const { t } = useTranslation();
	return /* @__PURE__ */ jsxs("div", {
		className: "winner-row",
		children: [
			/* @__PURE__ */ jsx("img", {
				className: "winner-row__icon",
				src: winner.iconUrl,
				alt: "",
				width: 40,
				height: 40,
				loading: "lazy",
				decoding: "async"
			}),
			/* @__PURE__ */ jsxs("span", {
				className: "winner-row__text",
				children: [/* @__PURE__ */ jsx("span", {
					className: "winner-row__name",
					children: winner.customerName
				}), /* @__PURE__ */ jsx("span", {
					className: "winner-row__game",
					children: winner.gameName
				})]
			}),
			/* @__PURE__ */ jsx("span", {
				className: "winner-row__amount",
				children: formatWin(symbol, winner.winAmount)
			}),
			/* @__PURE__ */ jsx("button", {
				type: "button",
				className: "winner-row__play",
				onClick: () => onPlay(winner),
				disabled: !winner.vassalage,
				children: t("play_now")
			})
		]
	});
}
/** The winner board: a static view of up to 3, or a looping vertical carousel above 3. */
function WinnerBoardView({ title }) {
	const { t, i18n } = useTranslation();
	const { tenant } = useRuntime();
	const { data } = useRankList(useContentLanguage(i18n, tenant, 250));
	const launch = useLaunchGame();
	const winners = useMemo(() => sortWinners(data?.list ?? []), [data]);
	const symbol = data?.currencySymbol ?? tenant.settings.currency.symbol;
	const play = (w) => void launch({
		vassalage: w.vassalage,
		nodeId: w.nodeId,
		gameId: w.gameId,
		gameType: w.gameType,
		supportPlay: w.supportPlay
	});
	if (!data) return /* @__PURE__ */ jsx("section", {
		className: "winner-board winner-board--loading",
		"aria-hidden": "true"
	});
	if (winners.length === 0) return null;
	const loops = winnerLoops(winners.length);
	return /* @__PURE__ */ jsxs("section", {
		className: "winner-board",
		"aria-labelledby": "winner-board-title",
		children: [/* @__PURE__ */ jsx("h2", {
			id: "winner-board-title",
			className: "winner-board__title",
			children: t(title)
		}), loops ? /* @__PURE__ */ jsx(Swiper, {
			className: "winner-board__swiper",
			modules: [Autoplay],
			...winnerSwiperOptions(),
			children: loopSlides(winners).map((w, i) => /* @__PURE__ */ jsx(SwiperSlide, { children: /* @__PURE__ */ jsx(WinnerRow, {
				winner: w,
				symbol,
				onPlay: play
			}) }, i))
		}) : /* @__PURE__ */ jsx("ul", {
			className: "winner-board__static",
			children: winners.slice(0, 3).map((w, i) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(WinnerRow, {
				winner: w,
				symbol,
				onPlay: play
			}) }, i))
		})]
	});
}
export { WinnerBoardView as default };
