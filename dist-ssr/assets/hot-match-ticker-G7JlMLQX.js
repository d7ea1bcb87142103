/* empty css                */
import { n as useHomeAnnouncements } from "./announcements-CFJpTuP_.js";
import { g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { o as useLaunchGame } from "./launch-CTIoCzRq.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
import { Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
// widgets/hot-match-ticker/rules.ts
/** Spec section 9: the hot-match ticker's autoplay and transition speed. */
var TICKER_AUTOPLAY_MS = 5e3;
/** Swiper options of the ticker: vertical; loop and autoplay only with more than one match. */
function tickerOptions(count) {
	const many = count > 1;
	return {
		direction: "vertical",
		loop: many,
		speed: 500,
		autoplay: many ? {
			delay: TICKER_AUTOPLAY_MS,
			disableOnInteraction: false
		} : false,
		allowTouchMove: false
	};
}
var pad = (n) => String(n).padStart(2, "0");
/** Spec section 9: a match's start time as MM/DD HH:mm (local time); '' when unreadable. */
function formatMatchTime(iso) {
	const d = new Date(iso);
	if (Number.isNaN(d.getTime())) return "";
	return `${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
// widgets/hot-match-ticker/hot-match-ticker.tsx
function TickerLine({ match }) {
	const { t } = useTranslation();
	return /* @__PURE__ */ jsxs("span", {
		className: "hot-match-ticker__line",
		children: [
			/* @__PURE__ */ jsx("span", {
				className: "hot-match-ticker__league",
				children: match.league
			}),
			/* @__PURE__ */ jsxs("span", {
				className: "hot-match-ticker__teams",
				children: [
					match.homeTeam,
					" ",
					/* @__PURE__ */ jsx("b", { children: t("vs") }),
					" ",
					match.awayTeam
				]
			}),
			/* @__PURE__ */ jsx("time", {
				className: "hot-match-ticker__time",
				dateTime: match.matchTime,
				children: formatMatchTime(match.matchTime)
			})
		]
	});
}
function Team({ name, image }) {
	return /* @__PURE__ */ jsxs("span", {
		className: "hot-match__team",
		children: [/* @__PURE__ */ jsx("img", {
			src: image,
			alt: "",
			width: 40,
			height: 40,
			loading: "lazy",
			decoding: "async"
		}), /* @__PURE__ */ jsx("span", {
			className: "hot-match__team-name",
			children: name
		})]
	});
}
/** The hot-match popup: every match with its league, teams, start time, VS and a play button. */
function HotMatchPopup({ matches, onClose }) {
	const { t } = useTranslation();
	const launch = useLaunchGame();
	const play = (m) => void launch({
		vendor: m.vendor,
		roomId: m.roomId,
		nodeId: m.nodeId,
		supportPlay: m.supportPlay
	});
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: "hot-match-title",
		onDismiss: onClose,
		className: "hot-match-popup",
		children: [/* @__PURE__ */ jsxs("div", {
			className: "modal__head",
			children: [/* @__PURE__ */ jsx("h2", {
				id: "hot-match-title",
				className: "modal__title",
				children: t("hot_matches")
			}), /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button modal__close",
				"aria-label": t("close"),
				onClick: onClose,
				children: "×"
			})]
		}), /* @__PURE__ */ jsx("ul", {
			className: "hot-match-popup__list",
			children: matches.map((m) => /* @__PURE__ */ jsxs("li", {
				className: "hot-match",
				"data-testid": "hot-match",
				onClick: () => play(m),
				children: [
					/* @__PURE__ */ jsxs("div", {
						className: "hot-match__head",
						children: [/* @__PURE__ */ jsx("span", {
							className: "hot-match__league",
							children: m.league
						}), /* @__PURE__ */ jsx("time", {
							className: "hot-match__time",
							dateTime: m.matchTime,
							children: formatMatchTime(m.matchTime)
						})]
					}),
					/* @__PURE__ */ jsxs("div", {
						className: "hot-match__body",
						children: [
							/* @__PURE__ */ jsx(Team, {
								name: m.homeTeam,
								image: m.homeTeamImageUrl
							}),
							/* @__PURE__ */ jsx("span", {
								className: "hot-match__vs",
								children: t("vs")
							}),
							/* @__PURE__ */ jsx(Team, {
								name: m.awayTeam,
								image: m.awayTeamImageUrl
							})
						]
					}),
					/* @__PURE__ */ jsxs("button", {
						type: "button",
						className: "hot-match__play",
						onClick: (e) => {
							e.stopPropagation();
							play(m);
						},
						children: [
							t("in_bet"),
							" ",
							">>"
						]
					})
				]
			}, m.id))
		})]
	});
}
/** The vertical ticker: one match a line; a tap opens the popup. */
function Ticker({ matches }) {
	const { t } = useTranslation();
	const [open, setOpen] = useState(false);
	const options = tickerOptions(matches.length);
	const onKeyDown = (e) => {
		if (e.key !== "Enter" && e.key !== " ") return;
		e.preventDefault();
		setOpen(true);
	};
	return /* @__PURE__ */ jsxs("section", {
		className: "hot-match-ticker",
		"aria-label": t("hot_matches"),
		children: [/* @__PURE__ */ jsxs("div", {
			role: "button",
			tabIndex: 0,
			className: "hot-match-ticker__button",
			onClick: () => setOpen(true),
			onKeyDown,
			"aria-haspopup": "dialog",
			children: [/* @__PURE__ */ jsx("span", {
				className: "hot-match-ticker__badge",
				children: t("hot")
			}), matches.length > 1 ? /* @__PURE__ */ jsx(Swiper, {
				className: "hot-match-ticker__swiper",
				modules: [Autoplay],
				...options,
				children: matches.map((m) => /* @__PURE__ */ jsx(SwiperSlide, { children: /* @__PURE__ */ jsx(TickerLine, { match: m }) }, m.id))
			}) : /* @__PURE__ */ jsx("span", {
				className: "hot-match-ticker__static",
				children: /* @__PURE__ */ jsx(TickerLine, { match: matches[0] })
			})]
		}), open ? /* @__PURE__ */ jsx(HotMatchPopup, {
			matches,
			onClose: () => setOpen(false)
		}) : null]
	});
}
/** The home's hot matches (the home announcements' H entries); nothing without matches. */
function HotMatchTickerView() {
	const { i18n } = useTranslation();
	const { tenant, session } = useRuntime();
	const lang = useContentLanguage(i18n, tenant);
	const { data } = useHomeAnnouncements(lang, session?.token);
	const matches = data?.hotMatches ?? [];
	if (!data) return /* @__PURE__ */ jsx("div", {
		className: "hot-match-ticker",
		"aria-hidden": "true"
	});
	if (matches.length === 0) return null;
	return /* @__PURE__ */ jsx(Ticker, { matches });
}
export { HotMatchPopup, Ticker, HotMatchTickerView as default };
