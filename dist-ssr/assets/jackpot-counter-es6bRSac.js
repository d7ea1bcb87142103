import { g as useRuntime } from "../entry-server.js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/jackpot-counter/rules.ts
/** Spec section 9: the counter's start range, increment range and tick delays. */
var JACKPOT_MIN = 2e8;
var JACKPOT_MAX = 99e7;
var TICK_DELAYS_MS = [
	3e3,
	4e3,
	5e3
];
/** Spec section 9: a digit column shifts 48/100 rem per unit of its digit. */
var DIGIT_SHIFT_REM = .48;
/** A whole number from min to max, both included. */
function randomInt(random, min, max) {
	const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
	return min + Math.floor(r * (max - min + 1));
}
function initialJackpot(random) {
	return randomInt(random, JACKPOT_MIN, JACKPOT_MAX);
}
function jackpotStep(random) {
	return randomInt(random, 100, 500);
}
/** The wait before the next tick: 3000, 4000 or 5000 ms, chosen afresh each tick. */
function nextTickDelay(random) {
	return TICK_DELAYS_MS[randomInt(random, 0, TICK_DELAYS_MS.length - 1)];
}
/** The counter's characters: digits grouped in threes (200,000,000). */
function jackpotChars(value) {
	return Math.floor(value).toLocaleString("en-US").split("");
}
/** How far a digit's column moves: the digit times 0.48 of the spec's rem unit. */
function digitShift(digit) {
	return Number((digit * DIGIT_SHIFT_REM).toFixed(2));
}
// widgets/jackpot-counter/jackpot-counter.tsx
var realSchedule = (fn, ms) => {
	const id = setTimeout(fn, ms);
	return () => clearTimeout(id);
};
var DIGITS = [
	"0",
	"1",
	"2",
	"3",
	"4",
	"5",
	"6",
	"7",
	"8",
	"9"
];
/**
* The ticking value: a random start, then a random step after a random 3, 4 or 5 s, again and
* again while mounted.
*/
function useJackpotValue(random = Math.random, schedule = realSchedule) {
	const [value, setValue] = useState(() => initialJackpot(random));
	useEffect(() => {
		let cancel = () => void 0;
		const tick = () => {
			cancel = schedule(() => {
				const step = jackpotStep(random);
				setValue((v) => v + step);
				tick();
			}, nextTickDelay(random));
		};
		tick();
		return () => cancel();
	}, [random, schedule]);
	return value;
}
function DigitColumn({ digit }) {
	const style = { transform: `translateY(calc(${-digitShift(digit)} * var(--jackpot-rem)))` };
	return /* @__PURE__ */ jsx("span", {
		className: "jackpot-counter__digit",
		"data-digit": digit,
		children: /* @__PURE__ */ jsx("span", {
			className: "jackpot-counter__strip",
			style,
			children: DIGITS.map((d) => /* @__PURE__ */ jsx("span", { children: d }, d))
		})
	});
}
/** The jackpot block: label, currency symbol and rolling digit columns; a tap opens the winners page. */
function JackpotView({ to, title, random, schedule }) {
	const { t } = useTranslation();
	const { tenant, startup } = useRuntime();
	const value = useJackpotValue(random, schedule);
	const symbol = (startup.info?.currency)?.symbol ?? tenant.settings.currency.symbol;
	const chars = jackpotChars(value);
	const spoken = symbol + chars.join("");
	return /* @__PURE__ */ jsxs(Link, {
		to,
		className: "jackpot-counter",
		"data-value": value,
		children: [/* @__PURE__ */ jsx("span", {
			className: "jackpot-counter__title",
			children: t(title)
		}), /* @__PURE__ */ jsxs("span", {
			className: "jackpot-counter__amount",
			children: [
				/* @__PURE__ */ jsx("span", {
					className: "visually-hidden",
					children: spoken
				}),
				/* @__PURE__ */ jsx("span", {
					className: "jackpot-counter__symbol",
					"aria-hidden": "true",
					children: symbol
				}),
				/* @__PURE__ */ jsx("span", {
					className: "jackpot-counter__digits",
					"aria-hidden": "true",
					children: chars.map((c, i) => c === "," ? /* @__PURE__ */ jsx("span", {
						className: "jackpot-counter__sep",
						children: c
					}, i) : /* @__PURE__ */ jsx(DigitColumn, { digit: Number(c) }, i))
				})
			]
		})]
	});
}
export { JackpotView as default, useJackpotValue };
