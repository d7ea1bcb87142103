import { Children, Component, StrictMode, Suspense, createContext, isValidElement, lazy, memo, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { I18nextProvider, useTranslation } from "react-i18next";
import { Link, NavLink, Navigate, Outlet, StaticRouterProvider, createStaticHandler, createStaticRouter, useLocation, useNavigate } from "react-router-dom";
import { proxy, snapshot, subscribe, useSnapshot } from "valtio";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
import { createInstance } from "i18next";
// src/lib/routes.ts
var ROUTES = [
	{
		id: "home",
		path: "/m/home",
		aliases: [
			"/",
			"/m",
			"/m/",
			"/m/index",
			"/m/index.html"
		],
		title: "home",
		module: "home"
	},
	{
		id: "login",
		path: "/m/login",
		title: "login",
		header: false,
		footer: false,
		back: "home",
		screen: "login",
		className: "screen--form screen--login"
	},
	{
		id: "register",
		path: "/m/register",
		aliases: ["/register.html", "/m/register.html"],
		title: "register",
		header: false,
		footer: false,
		back: "home",
		screen: "register",
		className: "screen--form screen--register"
	},
	{
		id: "forget",
		path: "/m/forget",
		title: "forgot_password",
		footer: false,
		back: "home",
		headerTitle: "forgot_password",
		screen: "forget",
		className: "screen--form screen--forget"
	},
	{
		id: "changePsw",
		path: "/m/changePsw",
		title: "change_password",
		guard: "session",
		footer: false,
		screen: "changePsw",
		className: "screen--form screen--changePsw"
	},
	{
		id: "set",
		path: "/m/set",
		title: "personal_settings",
		guard: "session",
		headerTitle: "personal_settings",
		screen: "set",
		slot: "list",
		className: "screen--settings"
	},
	{
		id: "mine",
		path: "/m/mine",
		aliases: ["/m/member/home"],
		title: "member_centre",
		guard: "memberCentre",
		header: false,
		footer: false,
		module: "memberCentre"
	},
	{
		id: "benefits",
		path: "/m/member/benefits",
		title: "vip_benefits"
	},
	{
		id: "notice",
		path: "/m/notice",
		title: "notice",
		footer: false,
		back: "home",
		headerTitle: "notice"
	},
	{
		id: "memberNotice",
		path: "/m/member/notice",
		title: "agent_notice"
	},
	{
		id: "webEmail",
		path: "/m/webEmail",
		title: "message_center",
		headerTitle: "message_center"
	},
	{
		id: "rewardCenter",
		path: "/m/rewardCenter",
		title: "reward_center"
	},
	{
		id: "voucherCenter",
		path: "/m/voucherCenter",
		title: "deposit"
	},
	{
		id: "withdraw",
		path: "/m/withdraw",
		title: "withdraw"
	},
	{
		id: "vouReport",
		path: "/m/vouReport",
		title: "deposit_record"
	},
	{
		id: "withdrawReport",
		path: "/m/withdrawReport",
		title: "withdraw_record"
	},
	{
		id: "transactionRecord",
		path: "/m/transaction/record",
		title: "account_record"
	},
	{
		id: "gameRecord",
		path: "/m/gameRecord",
		title: "betting_record"
	},
	{
		id: "profitandloss",
		path: "/m/profitandloss",
		title: "profit_and_loss"
	},
	{
		id: "securityCenter",
		path: "/m/securityCenter",
		title: "security_center"
	},
	{
		id: "uplineTransfer",
		path: "/m/upLine/transfer",
		title: "upline_transfer"
	},
	{
		id: "manualRebate",
		path: "/m/member/manualRebate",
		title: "single_cash_back"
	},
	{
		id: "rebateReport",
		path: "/m/member/rebateReport",
		title: "rebate_report"
	},
	{
		id: "leaderBoard",
		path: "/m/leaderBoard",
		title: "mission_activity",
		headerTitle: "leaderboard"
	},
	{
		id: "feedback",
		path: "/m/feedback",
		title: "feedback"
	},
	{
		id: "inviteFriends",
		path: "/m/inviteFriends",
		title: "invite_friends"
	},
	{
		id: "trail",
		path: "/m/trail",
		title: "free_trial",
		footer: false,
		back: "home",
		headerTitle: "free_trial"
	},
	{
		id: "launchGame",
		path: "/m/launchGame",
		title: "game_centre",
		footer: false,
		module: "launchGame"
	},
	{
		id: "lottery",
		path: "/m/lottery",
		title: "cat_LOTT",
		module: "gameList"
	},
	{
		id: "gameList",
		path: "/m/gameList",
		title: "game_centre",
		module: "gameList"
	},
	{
		id: "gameLobby",
		path: "/m/gameLobby",
		title: "game_centre",
		headerTitle: "game_centre",
		module: "gameList"
	},
	{
		id: "gameCenter",
		path: "/m/gameCenter",
		title: "game_centre",
		headerTitle: "game_centre",
		module: "gameList"
	},
	{
		id: "slotsCenter",
		path: "/m/slotsCenter",
		title: "cat_RNG",
		headerTitle: "cat_RNG",
		module: "gameList"
	},
	{
		id: "moreLottery",
		path: "/m/moreLottery",
		title: "cat_LOTT",
		footer: false,
		module: "gameList"
	},
	{
		id: "startLottery",
		path: "/m/startLottery",
		title: "cat_LOTT",
		module: "startLottery"
	},
	{
		id: "activity",
		path: "/m/activity",
		title: "activity_centre",
		footer: false,
		back: "home",
		headerTitle: "activity_centre"
	},
	{
		id: "activityInfo",
		path: "/m/activityInfo",
		title: "promotions"
	},
	{
		id: "winnerPage",
		path: "/m/winnerPage",
		title: "winners",
		footer: false
	},
	{
		id: "service",
		path: "/m/service",
		title: "customer_service",
		footer: false
	},
	{
		id: "help",
		path: "/m/help",
		title: "help_center",
		header: false,
		headerTitle: "help_center",
		screen: "help"
	},
	{
		id: "helpDetail",
		path: "/m/helpDetail",
		title: "help_center",
		headerTitle: "help_center",
		screen: "help"
	},
	{
		id: "useragreement",
		path: "/m/useragreement",
		title: "user_agreement",
		footer: false
	},
	{
		id: "maintenance",
		path: "/m/maintenance",
		title: "maintenance_title",
		footer: false,
		module: "maintenance"
	},
	{
		id: "agent",
		path: "/m/agent",
		title: "agent_home",
		header: false,
		footer: false
	},
	{
		id: "teamOverview",
		path: "/m/agent/team/overview",
		title: "team_overview"
	},
	{
		id: "memberTeam",
		path: "/m/member/team",
		title: "team_members"
	},
	{
		id: "teamPnl",
		path: "/m/agent/team/pnl",
		title: "team_pnl"
	},
	{
		id: "teamBetting",
		path: "/m/teamBetting",
		title: "team_betting"
	},
	{
		id: "teamRebate",
		path: "/m/member/teamRebate",
		title: "team_rebate"
	},
	{
		id: "agentRebeat",
		path: "/m/member/agent/agentRebeat",
		title: "agent_rebate"
	},
	{
		id: "redRain",
		path: "/m/redRain",
		title: "red_rain"
	},
	{
		id: "agentRegister",
		path: "/m/agentRegister",
		title: "open_account"
	},
	{
		id: "agentDivident",
		path: "/m/member/agent/agentDivident",
		title: "dividend"
	},
	{
		id: "salaryContract",
		path: "/m/member/agent/getSalaryContract",
		title: "salary_contract"
	},
	{
		id: "dividendContract",
		path: "/m/member/agent/getDevidendContract",
		title: "dividend_contract"
	},
	{
		id: "hourContract",
		path: "/m/member/agent/getHourContract",
		title: "hourly_contract"
	}
];
/** The manifest as plain entries (the literal types of ROUTES are for RouteId only). */
var ENTRIES$1 = ROUTES;
new Set(ENTRIES$1.map((r) => r.id));
/** The route of an id. */
function routeById(id) {
	return ENTRIES$1.find((r) => r.id === id);
}
/** A route's canonical path followed by its aliases. */
function pathsOf(route) {
	return [route.path, ...route.aliases ?? []];
}
new Set(ENTRIES$1.flatMap(pathsOf));
/** The path part of a link target ("/m/member/notice?types=A" -> "/m/member/notice"). */
function pathOf(target) {
	const cut = target.search(/[?#]/);
	return cut === -1 ? target : target.slice(0, cut);
}
/** The canonical route for a path or alias, or undefined for an unknown path. */
function routeFor(path) {
	const p = pathOf(path);
	return ENTRIES$1.find((r) => r.path === p || (r.aliases ?? []).includes(p));
}
// src/lib/layout-rules.ts
var ENTRIES = ROUTES;
/** Every path (canonical and alias) of the routes that `holds` picks. */
function pathsWhere(holds) {
	return ENTRIES.filter(holds).flatMap(pathsOf);
}
var HOME_PATH$1 = routeById("home").path;
var MAINTENANCE_PATH = routeById("maintenance").path;
var CHANGE_PASSWORD_PATH = routeById("changePsw").path;
/** The member centre's paths: trial accounts are turned away from them, visitors log in in a dialog. */
var MEMBER_CENTRE_PATHS = pathsWhere((r) => r.guard === "memberCentre");
/** Pages without the app header: they draw their own top bar (spec: login, register, mine, agent, help). */
var HEADER_HIDDEN = pathsWhere((r) => r.header === false);
/** Pages whose back arrow always goes home rather than one step back. */
var BACK_TO_HOME = pathsWhere((r) => r.back === "home");
/** Pages without the footer menu. */
var FOOTER_HIDDEN = pathsWhere((r) => r.footer === false);
/**
* Header titles the spec names (activity centre, forget password, free trial, first password,
* notice, game centre, RNG, messages, personal settings, help centre, leaderboard). Other pages
* fall back to their route title.
*/
var HEADER_TITLES = Object.fromEntries(ENTRIES.flatMap((r) => {
	const title = r.headerTitle;
	return title ? pathsOf(r).map((p) => [p, title]) : [];
}));
/** "/m/mine/" and "/m/mine?x" read as "/m/mine". */
function normalisePath(path) {
	const p = pathOf(path);
	return p.length > 1 ? p.replace(/\/+$/, "") : p;
}
function isHome(path) {
	return normalisePath(path) === HOME_PATH$1;
}
function isHeaderHidden(path) {
	return HEADER_HIDDEN.includes(normalisePath(path));
}
function isFooterHidden(path) {
	return FOOTER_HIDDEN.includes(normalisePath(path));
}
function isMemberCentre(path) {
	return MEMBER_CENTRE_PATHS.includes(normalisePath(path));
}
/**
* The title key a header shows for a page, or null when the spec names none (the caller then uses
* the route title). A first-time login on the change-password page reads "first password".
*/
function headerTitleKey(path, opts = {}) {
	const p = normalisePath(path);
	if (p === CHANGE_PASSWORD_PATH && opts.firstTimeLogin) return "first_password";
	return HEADER_TITLES[p] ?? null;
}
/**
* The back arrow's target (spec: to home on login, register, trial, notice, forget and activity,
* otherwise one step back; with no history to go back to, home replaces the page).
*/
function backTarget(path, canGoBack) {
	if (BACK_TO_HOME.includes(normalisePath(path))) return { kind: "home" };
	return canGoBack ? { kind: "history" } : { kind: "replace-home" };
}
/** True when the browser has an entry of this app to go back to (react-router keeps `idx` in history.state). */
function historyCanGoBack(state) {
	const idx = state?.idx;
	return typeof idx === "number" && idx > 0;
}
/** A back swipe: starts at the left edge, travels right more than 100 px, more sideways than down. */
function isBackSwipe(start, end) {
	if (start.x > 24) return false;
	const dx = end.x - start.x;
	const dy = Math.abs(end.y - start.y);
	return dx > 100 && dx > dy;
}
function isStickyActive(elementTop, offset = 100) {
	return elementTop <= offset;
}
function isTallIphoneShell(env) {
	return /iPhone/i.test(env.userAgent) && env.screenHeight >= 812 && env.install !== "browser";
}
function startupView(status) {
	if (status.maintenance === true) return "maintenance";
	if (status.regionRestriction === true) return "restricted";
	return "app";
}
/**
* Whether a canonical route path may be shown for a tenant. Home and the maintenance page are
* always reachable: the first is where everything else falls back to, the second is the
* startup status page.
*/
function isRouteAllowed(path, whitelist) {
	const p = normalisePath(path);
	return p === HOME_PATH$1 || p === MAINTENANCE_PATH || whitelist.includes(p);
}
/** How a visitor is asked to log in: the member centre opens a dialog, other pages go to /m/login. */
function loginPromptFor(path) {
	return isMemberCentre(path) ? "dialog" : "page";
}
function isTrialMember(memberType) {
	return memberType === 4;
}
/** Whole days since registration ('joined N days'); never negative, 0 on an unreadable date. */
function joinedDays(regDate, now = Date.now()) {
	const t = regDate ? Date.parse(regDate) : NaN;
	if (!Number.isFinite(t)) return 0;
	return Math.max(0, Math.floor((now - t) / 864e5));
}
/** The balance as the header shows it: 2 decimals, grouped thousands ("1,250.50"). */
function formatBalance(value) {
	return (typeof value === "number" && Number.isFinite(value) ? value : 0).toLocaleString("en-US", {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2
	});
}
/** The referral share link: https://<host>/m/register?affiliateCode=<code>. */
function referralLink(host, code) {
	return `https://${host}/m/register?affiliateCode=${encodeURIComponent(code)}`;
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/typeof.js
function _typeof(o) {
	"@babel/helpers - typeof";
	return _typeof = "function" == typeof Symbol && "symbol" == typeof Symbol.iterator ? function(o) {
		return typeof o;
	} : function(o) {
		return o && "function" == typeof Symbol && o.constructor === Symbol && o !== Symbol.prototype ? "symbol" : typeof o;
	}, _typeof(o);
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/toPrimitive.js
function toPrimitive(t, r) {
	if ("object" != _typeof(t) || !t) return t;
	var e = t[Symbol.toPrimitive];
	if (void 0 !== e) {
		var i = e.call(t, r || "default");
		if ("object" != _typeof(i)) return i;
		throw new TypeError("@@toPrimitive must return a primitive value.");
	}
	return ("string" === r ? String : Number)(t);
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/toPropertyKey.js
function toPropertyKey(t) {
	var i = toPrimitive(t, "string");
	return "symbol" == _typeof(i) ? i : i + "";
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/defineProperty.js
function _defineProperty(e, r, t) {
	return (r = toPropertyKey(r)) in e ? Object.defineProperty(e, r, {
		value: t,
		enumerable: !0,
		configurable: !0,
		writable: !0
	}) : e[r] = t, e;
}
// src/lib/api/client.ts
/** A call that did not succeed: a platform error, or the network failing (errorCode "network"). */
var ApiFailure = class extends Error {
	constructor(errorCode, messageKey, status, value) {
		super(`${errorCode} (${status})`);
		_defineProperty(this, "errorCode", void 0);
		_defineProperty(
			this,
			/** i18n key of the message to show. */
			"messageKey",
			void 0
		);
		_defineProperty(this, "value", void 0);
		_defineProperty(this, "status", void 0);
		this.name = "ApiFailure";
		this.errorCode = errorCode;
		this.messageKey = messageKey;
		this.status = status;
		this.value = value;
	}
	/** The field the server named for a validation failure (a JSON pointer such as "/username"). */
	get field() {
		const v = this.value;
		return typeof v?.field === "string" ? v.field : void 0;
	}
};
var config = {
	baseUrl: "",
	token: () => null,
	encryption: () => null,
	onSessionInvalid: () => void 0,
	headers: () => ({}),
	clockOffsetMs: () => 0
};
/** Wires the client to the session store and startup settings; called once by the app shell. */
function configureApi(partial) {
	Object.assign(config, partial);
}
function urlFor(path, query) {
	const params = new URLSearchParams();
	for (const [k, v] of Object.entries(query ?? {})) if (v !== void 0 && v !== null && v !== "") params.set(k, String(v));
	const qs = params.toString();
	return `${config.baseUrl}${path}${qs ? `?${qs}` : ""}`;
}
/** A single-use JWE id: 128 random bits, base64url. */
function newJti() {
	const bytes = crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(16));
	return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
/**
* JWE compact serialisation of the body with the server's public key; jose loads only when
* needed. The protected header names the key (kid) and carries the time (iat, seconds, on the
* server's clock) and a single-use id (jti): the server refuses a stale or replayed body.
*/
async function encryptBody(body) {
	const enc = config.encryption();
	if (!enc) throw new ApiFailure("encryption.unavailable", "unknown_error", 0);
	const { CompactEncrypt, importJWK } = await import("jose");
	const jwk = enc.jwk;
	const key = await importJWK(jwk, enc.alg);
	const iat = Math.floor((Date.now() + config.clockOffsetMs()) / 1e3);
	const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body))).setProtectedHeader({
		alg: enc.alg,
		enc: enc.enc,
		...jwk.kid ? { kid: jwk.kid } : {},
		iat,
		jti: newJti()
	}).encrypt(key);
	return {
		headers: { [enc.header]: "1" },
		text: JSON.stringify({ payload: jwe })
	};
}
async function request(method, path, opts = {}) {
	const headers = {
		accept: "application/json",
		...config.headers()
	};
	const token = config.token();
	if (token) headers.authorization = `Bearer ${token}`;
	let body;
	if (opts.form) {
		headers["content-type"] = "application/x-www-form-urlencoded";
		body = new URLSearchParams(opts.form).toString();
	} else if (opts.body !== void 0) {
		headers["content-type"] = "application/json";
		if (opts.encrypt) {
			const sealed = await encryptBody(opts.body);
			Object.assign(headers, sealed.headers);
			body = sealed.text;
		} else body = JSON.stringify(opts.body);
	}
	let res;
	try {
		res = await fetch(urlFor(path, opts.query), {
			method,
			headers,
			body,
			signal: opts.signal,
			credentials: "same-origin"
		});
	} catch (err) {
		if (err.name === "AbortError") throw err;
		throw new ApiFailure("network", "network_slow", 0);
	}
	let envelope;
	try {
		envelope = await res.json();
	} catch {
		throw new ApiFailure("server.error", "unknown_error", res.status);
	}
	if (envelope.success) return envelope.value;
	const code = envelope.errorCode ?? "server.error";
	if (code === "session.invalid") config.onSessionInvalid(token);
	throw new ApiFailure(code, envelope.message ?? "unknown_error", res.status, envelope.value);
}
// src/lib/app-config.ts
/** The id of an API answer in the page data: its resource key, written the same way everywhere. */
function pageDataId(key) {
	return JSON.stringify(key, (_name, value) => value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) : value);
}
/** Cookie holding the visitor's language choice (a tenant language code), so the server renders in it. */
var LANGUAGE_COOKIE = "language";
// src/lib/feedback.ts
var TOAST_DEFAULT_MS = 1500;
var TOAST_SHORT_MS = 3e3;
var LOADING_TIMEOUT_MS = 1e4;
var feedbackStore = proxy({
	toasts: [],
	loading: null,
	dialog: null
});
var nextId = 1;
var loadingTimer;
/** Shows a toast for `durationMs` (default 1.5 s). Resolves when it has gone. */
function showToast(key, durationMs = TOAST_DEFAULT_MS, params) {
	const toast = {
		id: nextId++,
		key,
		params,
		durationMs
	};
	feedbackStore.toasts.push(toast);
	return new Promise((resolve) => {
		setTimeout(() => {
			const i = feedbackStore.toasts.findIndex((t) => t.id === toast.id);
			if (i !== -1) feedbackStore.toasts.splice(i, 1);
			resolve();
		}, durationMs);
	});
}
/** Shows the loading indicator; it times out by itself (10 s unless told otherwise). */
function showLoading(key = "", timeoutMs = LOADING_TIMEOUT_MS) {
	feedbackStore.loading = key;
	clearTimeout(loadingTimer);
	loadingTimer = setTimeout(hideLoading, timeoutMs);
}
function hideLoading() {
	clearTimeout(loadingTimer);
	feedbackStore.loading = null;
}
/** Asks the player to confirm; resolves true on confirm, false on cancel or mask. */
function confirmDialog(req) {
	return new Promise((resolve) => {
		feedbackStore.dialog?.resolve(false);
		feedbackStore.dialog = {
			...req,
			id: nextId++,
			resolve: (confirmed) => {
				feedbackStore.dialog = null;
				resolve(confirmed);
			}
		};
	});
}
/**
* Whether a key known only at run time (held by this store, sent by the API or the rule set) has
* a text in the i18next instance: one that does is a key `t` takes. One that does not is best
* shown as it is, which is what i18next shows for any key it lacks.
*/
function hasText(instance, key) {
	return instance.exists(key);
}
/** Translates a key known only at run time: its text, or the key as it is when there is none. */
function runtimeText(instance, key, params) {
	return hasText(instance, key) ? instance.t(key, params) : key;
}
// src/generated/validators.js
var __getOwnPropNames = Object.getOwnPropertyNames;
var __commonJS = (cb, mod) => function __require() {
	try {
		return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
	} catch (e) {
		throw mod = 0, e;
	}
};
var require_ucs2length = __commonJS({ "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
	"use strict";
	Object.defineProperty(exports, "__esModule", { value: true });
	function ucs2length(str) {
		const len = str.length;
		let length = 0;
		let pos = 0;
		let value;
		while (pos < len) {
			length++;
			value = str.charCodeAt(pos++);
			if (value >= 55296 && value <= 56319 && pos < len) {
				value = str.charCodeAt(pos);
				if ((value & 64512) === 56320) pos++;
			}
		}
		return length;
	}
	exports.default = ucs2length;
	ucs2length.code = "require(\"ajv/dist/runtime/ucs2length\").default";
} });
var validateRememberedLogin = validate20;
var schema31 = {
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"$id": "https://schemas.whitelabel.dev/storage/remembered-login.schema.json",
	"title": "RememberedLogin",
	"description": "The remembered-login record kept in local storage (spec section 3), one per login mode.",
	"type": "object",
	"additionalProperties": false,
	"required": [
		"type",
		"username",
		"password"
	],
	"properties": {
		"type": { "enum": ["username", "sms"] },
		"username": {
			"type": "string",
			"maxLength": 64
		},
		"password": {
			"type": "string",
			"maxLength": 512,
			"description": "Double-encoded"
		},
		"countryDialingCode": {
			"type": "string",
			"pattern": "^\\+[0-9]{1,4}$"
		}
	}
};
var func1 = require_ucs2length().default;
var pattern4 = /* @__PURE__ */ new RegExp("^\\+[0-9]{1,4}$", "u");
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
	let vErrors = null;
	let errors = 0;
	const evaluated0 = validate20.evaluated;
	if (evaluated0.dynamicProps) evaluated0.props = void 0;
	if (evaluated0.dynamicItems) evaluated0.items = void 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.type === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "type" },
				message: "must have required property 'type'"
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.username === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "username" },
				message: "must have required property 'username'"
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.password === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "password" },
				message: "must have required property 'password'"
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "type" || key0 === "username" || key0 === "password" || key0 === "countryDialingCode")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties"
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.type !== void 0) {
			let data0 = data.type;
			if (!(data0 === "username" || data0 === "sms")) {
				const err4 = {
					instancePath: instancePath + "/type",
					schemaPath: "#/properties/type/enum",
					keyword: "enum",
					params: { allowedValues: schema31.properties.type.enum },
					message: "must be equal to one of the allowed values"
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
		}
		if (data.username !== void 0) {
			let data1 = data.username;
			if (typeof data1 === "string") {
				if (func1(data1) > 64) {
					const err5 = {
						instancePath: instancePath + "/username",
						schemaPath: "#/properties/username/maxLength",
						keyword: "maxLength",
						params: { limit: 64 },
						message: "must NOT have more than 64 characters"
					};
					if (vErrors === null) vErrors = [err5];
					else vErrors.push(err5);
					errors++;
				}
			} else {
				const err6 = {
					instancePath: instancePath + "/username",
					schemaPath: "#/properties/username/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
		}
		if (data.password !== void 0) {
			let data2 = data.password;
			if (typeof data2 === "string") {
				if (func1(data2) > 512) {
					const err7 = {
						instancePath: instancePath + "/password",
						schemaPath: "#/properties/password/maxLength",
						keyword: "maxLength",
						params: { limit: 512 },
						message: "must NOT have more than 512 characters"
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			} else {
				const err8 = {
					instancePath: instancePath + "/password",
					schemaPath: "#/properties/password/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
		}
		if (data.countryDialingCode !== void 0) {
			let data3 = data.countryDialingCode;
			if (typeof data3 === "string") {
				if (!pattern4.test(data3)) {
					const err9 = {
						instancePath: instancePath + "/countryDialingCode",
						schemaPath: "#/properties/countryDialingCode/pattern",
						keyword: "pattern",
						params: { pattern: "^\\+[0-9]{1,4}$" },
						message: "must match pattern \"^\\+[0-9]{1,4}$\""
					};
					if (vErrors === null) vErrors = [err9];
					else vErrors.push(err9);
					errors++;
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/countryDialingCode",
					schemaPath: "#/properties/countryDialingCode/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
	} else {
		const err11 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object"
		};
		if (vErrors === null) vErrors = [err11];
		else vErrors.push(err11);
		errors++;
	}
	validate20.errors = vErrors;
	return errors === 0;
}
validate20.evaluated = {
	"props": true,
	"dynamicProps": false,
	"dynamicItems": false
};
var validateSessionInfo = validate21;
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
	let vErrors = null;
	let errors = 0;
	const evaluated0 = validate21.evaluated;
	if (evaluated0.dynamicProps) evaluated0.props = void 0;
	if (evaluated0.dynamicItems) evaluated0.items = void 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.token === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "token" },
				message: "must have required property 'token'"
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.merchantCode === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "merchantCode" },
				message: "must have required property 'merchantCode'"
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.userName === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "userName" },
				message: "must have required property 'userName'"
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.type === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "type" },
				message: "must have required property 'type'"
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.firstTimeLogin === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "firstTimeLogin" },
				message: "must have required property 'firstTimeLogin'"
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "token" || key0 === "merchantCode" || key0 === "userName" || key0 === "type" || key0 === "firstTimeLogin" || key0 === "mustChangePassword")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties"
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.token !== void 0) {
			let data0 = data.token;
			if (typeof data0 === "string") {
				if (func1(data0) > 512) {
					const err6 = {
						instancePath: instancePath + "/token",
						schemaPath: "#/properties/token/maxLength",
						keyword: "maxLength",
						params: { limit: 512 },
						message: "must NOT have more than 512 characters"
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
				if (func1(data0) < 16) {
					const err7 = {
						instancePath: instancePath + "/token",
						schemaPath: "#/properties/token/minLength",
						keyword: "minLength",
						params: { limit: 16 },
						message: "must NOT have fewer than 16 characters"
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			} else {
				const err8 = {
					instancePath: instancePath + "/token",
					schemaPath: "#/properties/token/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
		}
		if (data.merchantCode !== void 0) {
			let data1 = data.merchantCode;
			if (typeof data1 === "string") {
				if (func1(data1) > 40) {
					const err9 = {
						instancePath: instancePath + "/merchantCode",
						schemaPath: "#/properties/merchantCode/maxLength",
						keyword: "maxLength",
						params: { limit: 40 },
						message: "must NOT have more than 40 characters"
					};
					if (vErrors === null) vErrors = [err9];
					else vErrors.push(err9);
					errors++;
				}
				if (func1(data1) < 1) {
					const err10 = {
						instancePath: instancePath + "/merchantCode",
						schemaPath: "#/properties/merchantCode/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters"
					};
					if (vErrors === null) vErrors = [err10];
					else vErrors.push(err10);
					errors++;
				}
			} else {
				const err11 = {
					instancePath: instancePath + "/merchantCode",
					schemaPath: "#/properties/merchantCode/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.userName !== void 0) {
			let data2 = data.userName;
			if (typeof data2 === "string") {
				if (func1(data2) > 64) {
					const err12 = {
						instancePath: instancePath + "/userName",
						schemaPath: "#/properties/userName/maxLength",
						keyword: "maxLength",
						params: { limit: 64 },
						message: "must NOT have more than 64 characters"
					};
					if (vErrors === null) vErrors = [err12];
					else vErrors.push(err12);
					errors++;
				}
				if (func1(data2) < 1) {
					const err13 = {
						instancePath: instancePath + "/userName",
						schemaPath: "#/properties/userName/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters"
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
			} else {
				const err14 = {
					instancePath: instancePath + "/userName",
					schemaPath: "#/properties/userName/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string"
				};
				if (vErrors === null) vErrors = [err14];
				else vErrors.push(err14);
				errors++;
			}
		}
		if (data.type !== void 0) {
			let data3 = data.type;
			if (!(typeof data3 == "number" && !(data3 % 1) && !isNaN(data3) && isFinite(data3))) {
				const err15 = {
					instancePath: instancePath + "/type",
					schemaPath: "#/properties/type/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer"
				};
				if (vErrors === null) vErrors = [err15];
				else vErrors.push(err15);
				errors++;
			}
		}
		if (data.firstTimeLogin !== void 0) {
			if (typeof data.firstTimeLogin !== "boolean") {
				const err16 = {
					instancePath: instancePath + "/firstTimeLogin",
					schemaPath: "#/properties/firstTimeLogin/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean"
				};
				if (vErrors === null) vErrors = [err16];
				else vErrors.push(err16);
				errors++;
			}
		}
		if (data.mustChangePassword !== void 0) {
			if (typeof data.mustChangePassword !== "boolean") {
				const err17 = {
					instancePath: instancePath + "/mustChangePassword",
					schemaPath: "#/properties/mustChangePassword/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean"
				};
				if (vErrors === null) vErrors = [err17];
				else vErrors.push(err17);
				errors++;
			}
		}
	} else {
		const err18 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object"
		};
		if (vErrors === null) vErrors = [err18];
		else vErrors.push(err18);
		errors++;
	}
	validate21.errors = vErrors;
	return errors === 0;
}
validate21.evaluated = {
	"props": true,
	"dynamicProps": false,
	"dynamicItems": false
};
// src/lib/storage.ts
function area(which) {
	try {
		return which === "local" ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
	} catch {
		return null;
	}
}
function readItem(key, which = "local") {
	try {
		return area(which)?.getItem(key) ?? null;
	} catch {
		return null;
	}
}
function writeItem(key, value, which = "local") {
	try {
		area(which)?.setItem(key, value);
	} catch {}
}
function removeItem(key, which = "local") {
	try {
		area(which)?.removeItem(key);
	} catch {}
}
/** Reads a JSON value; unparsable text reads as absent. */
function readJson(key, which = "local") {
	const text = readItem(key, which);
	if (text === null) return void 0;
	try {
		return JSON.parse(text);
	} catch {
		return;
	}
}
// src/lib/session.ts
var SESSION_KEY = "MC_SESSION_INFO";
/** Session-storage key of the free-trial account's name. */
var TRIAL_NAME_KEY = "trialUserName";
/** Storage is not trusted: a record that fails the schema reads as no session. */
function readStoredSession() {
	const value = readJson(SESSION_KEY);
	return value !== void 0 && validateSessionInfo(value) ? value : null;
}
var sessionStore = proxy({
	info: readStoredSession(),
	trialName: readItem(TRIAL_NAME_KEY, "session")
});
subscribe(sessionStore, () => {
	if (sessionStore.info) writeItem(SESSION_KEY, JSON.stringify(sessionStore.info));
	else removeItem(SESSION_KEY);
	if (sessionStore.trialName) writeItem(TRIAL_NAME_KEY, sessionStore.trialName, "session");
	else removeItem(TRIAL_NAME_KEY, "session");
});
/** Stores a new session after a login, registration or trial login. */
function setSession(value, merchantCode) {
	sessionStore.info = {
		token: value.token,
		merchantCode,
		userName: value.userName,
		type: value.customerType,
		firstTimeLogin: value.firstTimeLogin,
		...value.mustChangePassword ? { mustChangePassword: true } : {}
	};
	sessionStore.trialName = value.customerType === 4 ? value.userName : null;
}
/**
* A renewal answered a new token for `previous` (the old one stops working within seconds).
* Ignored when the store moved on meanwhile (logout, another login).
*/
function replaceToken(previous, token) {
	if (sessionStore.info && sessionStore.info.token === previous) sessionStore.info.token = token;
}
/** The password was changed: the session is no longer limited to the password change. */
function passwordChanged() {
	if (sessionStore.info?.mustChangePassword) delete sessionStore.info.mustChangePassword;
}
/** Where a member who must change the password is sent, from any other page. */
var CHANGE_PASSWORD_ROUTE = "/m/changePsw";
/** Forgets the session locally (the logout flow also calls the server and clears more). */
function clearSession() {
	sessionStore.info = null;
	sessionStore.trialName = null;
	removeItem("PSW", "session");
}
/** Re-reads storage; another tab may have logged in or out. */
function reloadSessionFromStorage() {
	sessionStore.info = readStoredSession();
}
/**
* Re-reads storage only when it differs from the store (the app shell calls it on mount, so a
* session written before the page's scripts ran, e.g. by another tab or a test, is picked up).
*/
function syncSessionFromStorage() {
	const stored = readStoredSession();
	if (JSON.stringify(stored) !== JSON.stringify(sessionStore.info)) sessionStore.info = stored;
	const trial = readItem(TRIAL_NAME_KEY, "session");
	if (trial !== sessionStore.trialName) sessionStore.trialName = trial;
}
/** The current token, for the API client. */
function currentToken() {
	return sessionStore.info?.token ?? null;
}
/** Local-storage flag the remembered login reads; logout turns it off (spec section 4). */
var AUTO_LOGIN_KEY = "autoLogin";
/** Cached bank lists (deposit and withdrawal screens) are per member: logout drops every key with this prefix. */
var BANK_LIST_CACHE_PREFIX = "bankList";
var LOGOUT_RELOAD_PATH = "/m/home";
/** The full-page navigation logout ends with; an object so that tests can replace it. */
var pageLocation = { replace(url) {
	window.location.replace(url);
} };
function clearStorageArea(which, match) {
	try {
		const area = which === "local" ? globalThis.localStorage : globalThis.sessionStorage;
		if (!area) return;
		const keys = [];
		for (let i = 0; i < area.length; i++) {
			const key = area.key(i);
			if (key !== null && match(key)) keys.push(key);
		}
		for (const key of keys) area.removeItem(key);
	} catch {}
}
/** Everything logout forgets locally: token, trial user, member info, session storage, auto-login, bank lists. */
function forgetSessionLocally() {
	clearSession();
	clearStorageArea("session", () => true);
	clearStorageArea("local", (key) => key.startsWith(BANK_LIST_CACHE_PREFIX));
	writeItem(AUTO_LOGIN_KEY, "0");
}
// src/lib/api/session.ts
/**
* Session resource: renewal and logout (login belongs to the account forms, src/features/account/api/auth.ts).
* No SWR hook: these are calls, not data to cache; the renewal hook is a plain effect.
*/
var SESSION_PATH = "/wps/session";
var RENEW_PATH = "/wps/session/renew";
/**
* POST /wps/session/renew: extends the session with a new token (rotation), which replaces the
* stored one; the old token stops working a few seconds later.
*/
function renewSession() {
	inFlight ?? (inFlight = renewOnce().finally(() => {
		inFlight = null;
	}));
	return inFlight;
}
var inFlight = null;
async function renewOnce() {
	const sent = currentToken();
	try {
		const renewal = await request("POST", RENEW_PATH, { body: {} });
		if (sent && typeof renewal?.token === "string") replaceToken(sent, renewal.token);
		return renewal;
	} catch (err) {
		if (err instanceof ApiFailure && err.errorCode === "session.rotated") reloadSessionFromStorage();
		throw err;
	}
}
/** DELETE /wps/session: revokes the token on the server. */
function deleteSession() {
	return request("DELETE", SESSION_PATH);
}
/**
* Renews the session once per mount while a token is held (member centre load, home entry).
* A failed renewal needs no message: an invalid session clears itself through the API client.
*/
function useSessionRenewal(token) {
	const held = Boolean(token);
	useEffect(() => {
		if (!held) return;
		renewSession().catch(() => void 0);
	}, [held]);
}
/**
* The logout flow (spec section 4): confirm (in_popup_prompt / in_sure_logout), then the
* in_please_wait spinner and DELETE /wps/session, then forget everything locally and reload to
* /m/home. A failed call still logs out locally: the player asked to leave. Resolves false when
* the player cancels.
*/
async function logout() {
	if (!await confirmDialog({
		titleKey: "in_popup_prompt",
		messageKey: "in_sure_logout",
		confirmKey: "confirm",
		cancelKey: "cancel"
	})) return false;
	showLoading("in_please_wait");
	try {
		if (sessionStore.info) await deleteSession();
	} catch {}
	forgetSessionLocally();
	hideLoading();
	pageLocation.replace(LOGOUT_RELOAD_PATH);
	return true;
}
// src/lib/external.ts
/**
* Opens an address outside the site in a new tab. With "noopener" window.open returns null even
* when it worked, so only a throw (some in-app browsers) sends the page there instead.
*/
function openExternal(url) {
	try {
		window.open(url, "_blank", "noopener,noreferrer");
	} catch {
		window.location.assign(url);
	}
}
// src/lib/store.ts
function createStore(initial, serverState = initial) {
	let state = initial;
	const listeners = /* @__PURE__ */ new Set();
	return {
		get: () => state,
		server: () => serverState,
		set(patch) {
			if (Object.keys(patch).every((key) => Object.is(patch[key], state[key]))) return;
			state = {
				...state,
				...patch
			};
			for (const listener of [...listeners]) listener();
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		}
	};
}
/**
* Reads a store through a selector. Selectors return a value kept in the store or a primitive
* (derived objects are computed once, in the store), so React's Object.is check is the equality
* that decides whether the reader re-renders.
*/
function useStore(store, selector) {
	return useSyncExternalStore(store.subscribe, () => selector(store.get()), () => selector(store.server()));
}
var noSubscription = () => () => void 0;
/**
* A value only the browser knows (storage, device, screen): `serverValue` on the server and while
* hydrating, so the first render matches the server's HTML; the browser's value right after.
* `read` must return the same value for the same state (a primitive or a cached object).
*/
function useClientValue(read, serverValue) {
	return useSyncExternalStore(noSubscription, read, () => serverValue);
}
/** False on the server and during hydration, true once the page runs in the browser. */
function useHydrated() {
	return useClientValue(() => true, false);
}
// src/lib/runtime.tsx
var LOGIN_PATH = "/m/login";
var REGISTER_PATH = "/m/register";
var HOME_PATH = "/m/home";
/** How the page is being run: decides download items and bars (spec section 4). */
function detectInstallMode(win = globalThis.window) {
	if (!win) return "browser";
	try {
		if (/[?&]app(=|&|$)/.test(win.location.search) || /WhiteLabelApp/i.test(win.navigator.userAgent)) return "app";
		if (win.navigator.standalone === true) return "webclip";
		if (win.matchMedia?.("(display-mode: standalone)").matches) return "pwa";
	} catch {}
	return "browser";
}
/** The flags in force: the server's startup flags when it sent them, else the tenant file's. */
function effectiveFlags(config) {
	return config.startup.info?.whitelabel ?? config.tenant.flags;
}
/** Tenant settings with the server's per-request values (template, promotions, status) over them. */
function effectiveSettings(config) {
	const { tenant, startup } = config;
	const info = startup.info ?? {};
	return {
		...tenant.settings,
		mobileTemplate: {
			...tenant.settings.mobileTemplate,
			...info.mobileTemplate ?? {}
		},
		promotions: Array.isArray(info.promotions) ? info.promotions : tenant.settings.promotions,
		customerService: { url: typeof info.customerService === "string" ? info.customerService : tenant.settings.customerService.url },
		status: {
			maintenance: startup.maintenance ?? tenant.settings.status.maintenance,
			regionRestriction: startup.regionRestriction ?? tenant.settings.status.regionRestriction
		}
	};
}
/** The context every gate is evaluated in. */
function buildGateContext(config, session, install, hasUpline = false) {
	const settings = effectiveSettings(config);
	return {
		flags: effectiveFlags(config),
		settings,
		session: session !== null,
		memberType: session ? session.type : null,
		hasUpline,
		promos: settings.promotions,
		install
	};
}
/**
* The server said the session sent with a call is gone. Several calls may fail together: the
* player is told once, when the session actually goes. A token replaced by a renewal (in this
* tab or another one) is no reason to log out: the stored session is read again instead.
*/
function sessionInvalidated(sentToken) {
	if (!sessionStore.info) return;
	if (sentToken && sessionStore.info.token !== sentToken) return;
	const stored = readStoredSession();
	if (sentToken && stored && stored.token !== sentToken) {
		reloadSessionFromStorage();
		return;
	}
	clearSession();
	showToast("account_logged_out", TOAST_SHORT_MS);
}
/**
* Wires the API client to the session store and the startup settings. Called once by the app
* shell; calling it again (tests, a remount) only re-points the same functions.
*/
function setupApiClient(config, install) {
	const encryption = config.startup.encryption ?? null;
	const serverTime = Date.parse(String(config.startup.serverTime ?? ""));
	const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - Date.now() : 0;
	const deviceHeaders = install === "pwa" || install === "webclip" ? { device: "OTHERS" } : {};
	configureApi({
		token: currentToken,
		encryption: () => encryption,
		onSessionInvalid: sessionInvalidated,
		headers: () => deviceHeaders,
		clockOffsetMs: () => clockOffsetMs
	});
}
var RuntimeContext = createContext(null);
var defaultNavigate = (to, options) => {
	if (options?.replace) window.location.replace(to);
	else window.location.assign(to);
};
var NO_BADGES = {};
function storedSession() {
	return snapshot(sessionStore).info ?? null;
}
/**
* One runtime per provider: its store, and actions that read the provider's latest props when
* they run (not when they were made), which is what lets their identities stay fixed.
*/
function createRuntime(initial) {
	let inputs = initial;
	let gate = null;
	const gateContextFor = (session, install, hasUpline) => {
		const key = [
			inputs.config,
			session !== null,
			session?.type ?? null,
			install,
			hasUpline
		];
		if (!gate || key.some((value, i) => !Object.is(value, gate?.key[i]))) gate = {
			key,
			context: buildGateContext(inputs.config, session, install, hasUpline)
		};
		return gate.context;
	};
	const session = storedSession();
	const store = createStore({
		session,
		gateContext: gateContextFor(session, initial.install, initial.hasUpline),
		badges: initial.badges,
		balanceHidden: false,
		install: initial.install,
		hasUpline: initial.hasUpline
	}, {
		session: null,
		gateContext: buildGateContext(initial.config, null, "browser", false),
		badges: NO_BADGES,
		balanceHidden: false,
		install: "browser",
		hasUpline: false
	});
	const apply = (patch) => {
		const next = {
			...store.get(),
			...patch
		};
		store.set({
			...patch,
			gateContext: gateContextFor(next.session, next.install, next.hasUpline)
		});
	};
	const navigate = (to, options) => inputs.navigate(to, options);
	const requireLogin = () => {
		if (inputs.onRequireLogin) inputs.onRequireLogin();
		else inputs.navigate(LOGIN_PATH);
	};
	const dispatch = (action) => {
		try {
			const custom = inputs.actionHandlers?.[action];
			if (custom) return custom();
			switch (action) {
				case "login": return inputs.navigate(LOGIN_PATH);
				case "register": return inputs.navigate(REGISTER_PATH);
				case "customerService": return openExternal(effectiveSettings(inputs.config).customerService.url);
				case "download": return inputs.navigate(HOME_PATH);
				case "toggleBalance": return apply({ balanceHidden: !store.get().balanceHidden });
				case "logout":
					logout();
					return;
				case "refreshBalance":
				case "referral":
				case "language": return;
			}
		} catch (err) {
			console.error(`action ${action} failed`, err);
		}
	};
	return {
		store,
		actions: {
			dispatch,
			requireLogin,
			navigate
		},
		/** The provider rendered with new props: later calls use its callbacks; changed values reach their readers. */
		update(next) {
			inputs = next;
			apply({
				badges: next.badges,
				install: next.install,
				hasUpline: next.hasUpline
			});
		},
		syncSession() {
			apply({ session: storedSession() });
		}
	};
}
function RuntimeProvider({ config, navigate = defaultNavigate, badges = NO_BADGES, install, hasUpline = false, onRequireLogin, actionHandlers, children }) {
	useState(() => {
		if (typeof window !== "undefined") syncSessionFromStorage();
	});
	const detectedInstall = useClientValue(() => detectInstallMode(), "browser");
	const inputs = {
		config,
		navigate,
		badges,
		install: install ?? detectedInstall,
		hasUpline,
		onRequireLogin,
		actionHandlers
	};
	const [runtime] = useState(() => createRuntime(inputs));
	useLayoutEffect(() => runtime.update(inputs));
	useEffect(() => {
		const unsubscribe = subscribe(sessionStore, runtime.syncSession, true);
		runtime.syncSession();
		const onStorage = (e) => {
			if (e.key === null || e.key === "MC_SESSION_INFO") reloadSessionFromStorage();
		};
		window.addEventListener("storage", onStorage);
		return () => {
			unsubscribe();
			window.removeEventListener("storage", onStorage);
		};
	}, [runtime]);
	const env = useMemo(() => ({
		tenant: config.tenant,
		startup: config.startup,
		store: runtime.store,
		actions: runtime.actions
	}), [config, runtime]);
	return /* @__PURE__ */ jsx(RuntimeContext.Provider, {
		value: env,
		children
	});
}
function useRuntimeEnv(hook) {
	const env = useContext(RuntimeContext);
	if (!env) throw new Error(`${hook}: no <RuntimeProvider> above this component`);
	return env;
}
var PageDataContext = createContext({ answer: () => void 0 });
/** Provides the answers the page starts with (the browser: the config's; a server render: its own). */
var PageDataProvider = PageDataContext.Provider;
/**
* The answer the page started with for an API resource key (undefined when none). Only answers
* every visitor shares are page data; the server renders no member's view.
*/
function usePageAnswer(key) {
	const pageData = useContext(PageDataContext);
	if (!key) return void 0;
	const id = pageDataId(key);
	pageData.want?.(id, key);
	return pageData.answer(id);
}
/** Notes a rendered widget for the server render (nothing in the browser). */
function useNoteWidget(name) {
	useContext(PageDataContext).widget?.(name);
}
/** The user agent the server rendered this page for: what device-dependent parts render first. */
function usePageUserAgent() {
	return useContext(PageDataContext).userAgent ?? "";
}
/** dispatch, requireLogin and navigate: the same functions for the life of the page. */
function useRuntimeActions() {
	return useRuntimeEnv("useRuntimeActions").actions;
}
/** One value of the runtime state; the caller re-renders only when that value changes (Object.is). */
function useRuntimeState(selector) {
	return useStore(useRuntimeEnv("useRuntimeState").store, selector);
}
/** The tenant of this page (it does not change while the page lives). */
function useTenant() {
	return useRuntimeEnv("useTenant").tenant;
}
/** The server's startup settings of this page (they do not change while the page lives). */
function useStartup() {
	return useRuntimeEnv("useStartup").startup;
}
function useGateContext() {
	return useRuntimeState((state) => state.gateContext);
}
function useSessionInfo() {
	return useRuntimeState((state) => state.session);
}
function useBalanceHidden() {
	return useRuntimeState((state) => state.balanceHidden);
}
function useInstallMode() {
	return useRuntimeState((state) => state.install);
}
/** A live counter for an item badge; 0 when unknown or when no badge is asked for. */
function useBadge(name) {
	return useRuntimeState((state) => {
		const count = name ? state.badges[name] : void 0;
		return typeof count === "number" && Number.isFinite(count) && count > 0 ? count : 0;
	});
}
/**
* Everything at once, for code that has not moved to the selector hooks: re-renders on any change
* of the runtime state, like the single context it replaces.
*/
function useRuntime() {
	const env = useRuntimeEnv("useRuntime");
	const state = useStore(env.store, (s) => s);
	return useMemo(() => ({
		tenant: env.tenant,
		startup: env.startup,
		session: state.session,
		gateContext: state.gateContext,
		badges: state.badges,
		install: state.install,
		balanceHidden: state.balanceHidden,
		requireLogin: env.actions.requireLogin,
		dispatch: env.actions.dispatch
	}), [env, state]);
}
// src/components/icons.tsx
/**
* A small inline-SVG icon set: one path list per icon on a 24x24 grid, drawn with the current
* text colour. Inline so that icons cost no requests and follow the tenant's theme colours.
* The nav-item props schema lists these names; a test keeps the two in step.
*/
var ICONS = {
	home: ["M3 11l9-8 9 8", "M5 10v10h5v-6h4v6h5V10"],
	gift: [
		"M3 8h18v4H3z",
		"M5 12v9h14v-9",
		"M12 8v13",
		"M12 8C10 4 6 4 7 7c.5 1 3 1 5 1",
		"M12 8c2-4 6-4 5-1-.5 1-3 1-5 1"
	],
	deposit: [
		"M3 6h15a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2H3z",
		"M12 10v6",
		"M9 13h6"
	],
	invite: [
		"M5 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0",
		"M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1",
		"M19 8v6",
		"M16 11h6"
	],
	user: ["M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0", "M4 21v-1a7 7 0 0 1 7-7h2a7 7 0 0 1 7 7v1"],
	withdraw: [
		"M12 15V4",
		"M8 8l4-4 4 4",
		"M4 14v6h16v-6"
	],
	refresh: ["M20 11a8 8 0 1 0-2.3 5.7", "M20 4v7h-7"],
	eye: ["M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z", "M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0"],
	"eye-off": [
		"M3 3l18 18",
		"M10.6 6.1A10 10 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3 3.6",
		"M6.6 6.6C3.8 8.4 2 12 2 12s4 7 10 7a9.7 9.7 0 0 0 5.4-1.6",
		"M9.9 9.9a3 3 0 0 0 4.2 4.2"
	],
	login: [
		"M15 3h5v18h-5",
		"M10 17l5-5-5-5",
		"M15 12H3"
	],
	logout: [
		"M9 21H4V3h5",
		"M16 17l5-5-5-5",
		"M21 12H9"
	],
	menu: [
		"M4 6h16",
		"M4 12h16",
		"M4 18h16"
	],
	mail: ["M3 5h18v14H3z", "M3 6l9 7 9-7"],
	record: [
		"M6 3h12v18H6z",
		"M9 8h6",
		"M9 12h6",
		"M9 16h4"
	],
	bet: [
		"M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z",
		"M14 7v2",
		"M14 11v2",
		"M14 15v2"
	],
	chart: [
		"M4 4v16h16",
		"M8 16v-4",
		"M12 16V7",
		"M16 16v-6"
	],
	transfer: [
		"M4 8h14",
		"M14 4l4 4-4 4",
		"M20 16H6",
		"M10 12l-4 4 4 4"
	],
	cashback: [
		"M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0",
		"M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5",
		"M12 6.5V8",
		"M12 16v1.5"
	],
	trophy: [
		"M8 4h8v5a4 4 0 0 1-8 0z",
		"M8 6H5v1a3 3 0 0 0 3 3",
		"M16 6h3v1a3 3 0 0 1-3 3",
		"M12 13v5",
		"M8 21h8",
		"M9 18h6v3H9z"
	],
	rebate: [
		"M19 5L5 19",
		"M5 7a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
		"M15 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0"
	],
	feedback: [
		"M4 4h16v12H9l-5 4z",
		"M8 9h8",
		"M8 12h5"
	],
	download: [
		"M12 4v11",
		"M8 11l4 4 4-4",
		"M4 17v3h16v-3"
	],
	vip: ["M3 20h18", "M3 7l4.5 5L12 5l4.5 7L21 7l-2 10H5z"],
	shield: ["M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z", "M9 12l2 2 4-4"],
	settings: [
		"M4 7h16",
		"M4 17h16",
		"M9 5v4",
		"M15 15v4"
	],
	service: [
		"M4 14v-2a8 8 0 0 1 16 0v2",
		"M4 14h3v5H4z",
		"M17 14h3v5h-3z"
	],
	notice: ["M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z", "M10 20a2 2 0 0 0 4 0"],
	team: [
		"M6 8a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
		"M2 20v-1a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v1",
		"M15 5a3 3 0 0 1 0 6",
		"M18 14a5 5 0 0 1 4 5v1"
	],
	agent: [
		"M3 8h18v12H3z",
		"M8 8V5h8v3",
		"M3 13h18"
	],
	salary: [
		"M2 7h20v10H2z",
		"M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
		"M6 12h.01",
		"M18 12h.01"
	],
	dividend: ["M12 3v9h9", "M21 12a9 9 0 1 1-9-9"],
	"red-packet": [
		"M5 3h14v18H5z",
		"M5 8l7 4 7-4",
		"M10 14a2 2 0 1 0 4 0a2 2 0 1 0-4 0"
	],
	register: ["M4 20h4L19 9l-4-4L4 16z", "M13 7l4 4"],
	language: [
		"M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0",
		"M3 12h18",
		"M12 3c3 3 3 15 0 18",
		"M12 3c-3 3-3 15 0 18"
	],
	wallet: [
		"M3 6h15a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2H3z",
		"M3 6l12-3v3",
		"M16 13h2"
	],
	game: [
		"M6 9h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8z",
		"M8 11v4",
		"M6 13h4",
		"M16 12h.01",
		"M17 14h.01"
	],
	help: [
		"M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0",
		"M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7",
		"M12 17h.01"
	],
	close: ["M6 6l12 12", "M18 6L6 18"],
	"chevron-right": ["M9 6l6 6-6 6"]
};
Object.keys(ICONS);
/** Decorative: the surrounding control carries the accessible name, so the SVG is hidden from AT. */
function Icon({ name, className }) {
	return /* @__PURE__ */ jsx("svg", {
		className,
		viewBox: "0 0 24 24",
		width: "1em",
		height: "1em",
		fill: "none",
		stroke: "currentColor",
		strokeWidth: 2,
		strokeLinecap: "round",
		strokeLinejoin: "round",
		"aria-hidden": "true",
		focusable: "false",
		children: ICONS[name].map((d) => /* @__PURE__ */ jsx("path", { d }, d))
	});
}
// src/features/account/member-store.ts
var EMPTY_MEMBER_DATA = {
	member: null,
	wallet: null,
	walletLoading: false,
	unreadMessages: 0,
	unclaimedPromotions: 0,
	agentNoticeUnread: 0,
	refreshWallet: () => Promise.resolve()
};
var memberStore = createStore(EMPTY_MEMBER_DATA);
/** The loader's latest values; readers of unchanged fields do not re-render. */
function setMemberData(patch) {
	memberStore.set(patch);
}
/** No member any more (logout, or the loader went away): nothing of the last one may show. */
function clearMemberData() {
	memberStore.set(EMPTY_MEMBER_DATA);
}
/** Reloads the wallet through the loader; resolves at once when no member is loaded. */
function refreshMemberWallet() {
	return memberStore.get().refreshWallet();
}
/** One value of the member data; the caller re-renders only when that value changes. */
function useMemberState(selector) {
	return useStore(memberStore, selector);
}
// src/lib/gates.ts
/** Reads a dotted path ("mobileTemplate.mem_cen") from a settings object. */
function readPath(source, path) {
	let cur = source;
	for (const part of path.split(".")) {
		if (cur === null || typeof cur !== "object") return void 0;
		cur = cur[part];
	}
	return cur;
}
/** Evaluates a gate; an absent gate is open. Pure: the same gate and context give the same answer. */
function evaluateGate(gate, ctx) {
	if (!gate) return true;
	if (gate.flag !== void 0) return ctx.flags[gate.flag] === true;
	if (gate.setting !== void 0) {
		const value = readPath(ctx.settings, gate.setting.path);
		return gate.setting.equals === void 0 ? Boolean(value) : value === gate.setting.equals;
	}
	if (gate.session !== void 0) return ctx.session === gate.session;
	if (gate.memberType !== void 0) {
		const { in: allowed, notIn: blocked } = gate.memberType;
		if (ctx.memberType === null) return false;
		if (allowed && !allowed.includes(ctx.memberType)) return false;
		if (blocked && blocked.includes(ctx.memberType)) return false;
		return true;
	}
	if (gate.promo !== void 0) return ctx.promos.includes(gate.promo);
	if (gate.install !== void 0) {
		if (gate.install.in) return gate.install.in.includes(ctx.install);
		return !(gate.install.notIn ?? []).includes(ctx.install);
	}
	if (gate.hasUpline !== void 0) return ctx.hasUpline === gate.hasUpline;
	if (gate.all !== void 0) return gate.all.every((g) => evaluateGate(g, ctx));
	if (gate.any !== void 0) return gate.any.some((g) => evaluateGate(g, ctx));
	if (gate.not !== void 0) return !evaluateGate(gate.not, ctx);
	return false;
}
// src/renderer/renderer-context.tsx
var buildMode = "production";
function createReporter(mode) {
	const reported = /* @__PURE__ */ new Set();
	return (path, error) => {
		if (mode !== "production" || reported.has(path)) return;
		reported.add(path);
		console.error(`widget ${path} skipped:`, error);
	};
}
var RendererContext = createContext({
	mode: buildMode,
	registry: {},
	report: createReporter(buildMode)
});
function RendererProvider({ mode = buildMode, registry, children }) {
	const [report] = useState(() => createReporter(mode));
	const env = useMemo(() => ({
		mode,
		registry,
		report
	}), [
		mode,
		registry,
		report
	]);
	return /* @__PURE__ */ jsx(RendererContext.Provider, {
		value: env,
		children
	});
}
function useRendererEnv() {
	return useContext(RendererContext);
}
// src/renderer/widget-problem.tsx
function describe(error) {
	return error instanceof Error ? error.message : String(error);
}
/**
* What a node that cannot render leaves behind: a box naming the node path in development,
* nothing (and one log line) in production.
*/
function WidgetProblem({ path, error }) {
	const { mode, report } = useRendererEnv();
	useEffect(() => {
		report(path, error);
	}, [
		report,
		path,
		error
	]);
	if (mode === "production") return null;
	return /* @__PURE__ */ jsxs("div", {
		role: "alert",
		className: "widget-problem",
		"data-node-path": path,
		children: [/* @__PURE__ */ jsx("code", {
			className: "widget-problem__path",
			children: path
		}), /* @__PURE__ */ jsx("span", {
			className: "widget-problem__error",
			children: describe(error)
		})]
	});
}
// src/renderer/node-boundary.tsx
/** One per node: a widget that throws takes down only itself, never its siblings or the screen. */
var NodeBoundary = class extends Component {
	constructor(..._args) {
		super(..._args);
		_defineProperty(this, "state", {
			failed: false,
			error: null
		});
	}
	static getDerivedStateFromError(error) {
		return {
			failed: true,
			error
		};
	}
	render() {
		if (this.state.failed) return /* @__PURE__ */ jsx(WidgetProblem, {
			path: this.props.path,
			error: this.state.error
		});
		return this.props.children;
	}
};
// src/renderer/slot.tsx
/**
* The elements of a slot, in its order, without the nodes whose gate is closed. A plain array (not
* a wrapper element) so that a container can wrap each child, e.g. in an <li>.
*/
function slotElements(slot, path, gateContext) {
	const out = [];
	for (const id of slot.order) {
		const nodePath = `${path}.items.${id}`;
		const node = slot.items[id];
		if (!node) {
			out.push(/* @__PURE__ */ jsx(WidgetProblem, {
				path: nodePath,
				error: /* @__PURE__ */ new Error(`order names "${id}", which is not an item`)
			}, id));
			continue;
		}
		if (!evaluateGate(node.gate, gateContext)) continue;
		out.push(/* @__PURE__ */ jsx(NodeBoundary, {
			path: nodePath,
			children: /* @__PURE__ */ jsx(NodeView, {
				node,
				path: nodePath
			})
		}, id));
	}
	return out;
}
/**
* Memoised on the tenant's node object and its path: when the slot above re-renders (a gate
* changed), the nodes it keeps do not, and each widget re-renders only for what it reads itself.
*/
var NodeView = memo(function NodeView({ node, path }) {
	const { registry } = useRendererEnv();
	useNoteWidget(node.widget);
	const manifest = Object.prototype.hasOwnProperty.call(registry, node.widget) ? registry[node.widget] : void 0;
	if (!manifest) return /* @__PURE__ */ jsx(WidgetProblem, {
		path,
		error: /* @__PURE__ */ new Error(`unknown widget "${node.widget}"`)
	});
	const Widget = manifest.component;
	const props = {
		...manifest.defaults,
		...node.props ?? {}
	};
	if (!node.children) return /* @__PURE__ */ jsx(Widget, { ...props });
	return /* @__PURE__ */ jsx(ContainerView, {
		widget: Widget,
		props,
		slot: node.children,
		path: `${path}.children`
	});
});
/** Only containers depend on the gate context (to pick their children); leaves never re-render for it. */
function ContainerView({ widget: Widget, props, slot, path }) {
	const gateContext = useGateContext();
	return /* @__PURE__ */ jsx(Widget, {
		...props,
		children: slotElements(slot, path, gateContext)
	});
}
/** Renders a slot's node tree through the registered widgets, each inside its own error boundary. */
function Slot({ slot, path }) {
	const gateContext = useGateContext();
	if (!slot) return null;
	return /* @__PURE__ */ jsx(Fragment$1, { children: slotElements(slot, path, gateContext) });
}
// src/components/item-layout.tsx
var ItemLayoutContext = createContext("row");
var ItemLayoutProvider = ItemLayoutContext.Provider;
function useItemLayout() {
	return useContext(ItemLayoutContext);
}
// src/components/item-list.tsx
/** True when a container received no renderable children (all gated out, or none configured). */
function hasItems(children) {
	return Children.toArray(children).some((c) => isValidElement(c));
}
/**
* The list every container draws: one <li> per child node, each told how to lay itself out.
* An item that renders nothing (e.g. an agent item its whitelist hides) leaves an empty <li>,
* which the base stylesheet hides (li:empty).
*/
function ItemList({ layout, className, style, id, hidden, children }) {
	return /* @__PURE__ */ jsx(ItemLayoutProvider, {
		value: layout,
		children: /* @__PURE__ */ jsx("ul", {
			className,
			style,
			id,
			hidden,
			children: Children.map(children, (child) => isValidElement(child) ? /* @__PURE__ */ jsx("li", { children: child }, child.key) : null)
		})
	});
}
// src/lib/widget.ts
/** Types a manifest against its generated props type (keeps the literal inference in one place). */
function defineWidget(manifest) {
	return manifest;
}
var props_schema_default$22 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/agent-grid.json",
	title: "AgentGridProps",
	description: "The agent home navigation grid; items carry menuKey so the agent menu whitelist can hide them.",
	type: "object",
	additionalProperties: false,
	properties: { "columns": {
		"type": "integer",
		"minimum": 3,
		"maximum": 5,
		"default": 4
	} }
};
// widgets/agent-grid/index.tsx
function AgentGrid({ columns = 4, children }) {
	if (!hasItems(children)) return null;
	return /* @__PURE__ */ jsx(ItemList, {
		layout: "agent",
		className: "agent-grid",
		style: { "--agent-columns": columns },
		children
	});
}
var agent_grid_default = defineWidget({
	name: "agent-grid",
	version: "1.0.0",
	propsSchema: props_schema_default$22,
	defaults: { columns: 4 },
	component: AgentGrid
});
var props_schema_default$21 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/announcement-popup.json",
	title: "AnnouncementPopupProps",
	description: "Home announcement popup (spec sections 2 and 4): the popups of the visitor's audience (A member, B guest, F too on a first-time login), shown again only when the list holds a new item; sanitised HTML content with intercepted links, a pager and a go-to control.",
	type: "object",
	additionalProperties: false,
	properties: { "goTo": {
		"type": "string",
		"pattern": "^/m/[A-Za-z0-9/._-]*$",
		"x-route": true,
		"description": "Where the go-to control leads (default /m/rewardCenter)"
	} }
};
// widgets/announcement-popup/index.tsx
var Host = lazy(() => import("./assets/popup-host-Cd8kFIYK.js").then((n) => n.t));
function AnnouncementPopup({ goTo = "/m/rewardCenter" }) {
	const [ready, setReady] = useState(false);
	useEffect(() => {
		const timer = setTimeout(() => setReady(true), 500);
		return () => clearTimeout(timer);
	}, []);
	if (!ready) return null;
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Host, { goTo })
	});
}
var announcement_popup_default = defineWidget({
	name: "announcement-popup",
	version: "1.0.0",
	propsSchema: props_schema_default$21,
	defaults: { goTo: "/m/rewardCenter" },
	component: AnnouncementPopup
});
var props_schema_default$20 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/banner-carousel.json",
	title: "BannerCarouselProps",
	description: "Home banner carousel (spec section 2): clickable banner images; with more than one banner it loops, autoplays every 5000 ms and shows pagination dots. The first banner paints at once as a plain image; Swiper loads in its own chunk, only when there is more than one banner, at the first press on the banner or when the page is idle after the first image, and takes over with the same first slide.",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/banner-carousel/index.tsx
/** Loads with its data hook outside the first load; the placeholder reserves the banner's 750:300 box. */
var View$3 = lazy(() => import("./assets/banner-carousel-d5Q31ftg.js").then((n) => n.t));
function BannerCarousel(_props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("div", {
			className: "banner-carousel banner-carousel--loading",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(View$3, {})
	});
}
var banner_carousel_default = defineWidget({
	name: "banner-carousel",
	version: "1.0.0",
	propsSchema: props_schema_default$20,
	defaults: {},
	component: BannerCarousel
});
var props_schema_default$19 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/category-menu.json",
	title: "CategoryMenuProps",
	description: "Home popular games with a category menu (spec section 2): categories in the server's sorting, HOT first, SPORTS split into COCKFIGHT before and ESPORTS after; HOT searches hot games by name, RNG/PVP/LIVE/FISH list games of the type, INHOUSE lists the in-house vendor's RNG games, other categories list their vendors.",
	type: "object",
	additionalProperties: false,
	properties: { "gamesShown": {
		"type": "integer",
		"minimum": 3,
		"maximum": 26,
		"description": "Games a list category shows before its link to the full game list (default 12)"
	} }
};
// widgets/category-menu/index.tsx
/** Below the fold: the menu, its game lists and the game tiles load in their own chunk. */
var Menu = lazy(() => import("./assets/category-menu-B7ZYYmqn.js"));
function CategoryMenu({ gamesShown = 12 }) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("section", {
			className: "category-menu category-menu--loading",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(Menu, { gamesShown })
	});
}
var category_menu_default = defineWidget({
	name: "category-menu",
	version: "1.0.0",
	propsSchema: props_schema_default$19,
	defaults: { gamesShown: 12 },
	component: CategoryMenu
});
var props_schema_default$18 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/change-password-form.json",
	title: "ChangePasswordFormProps",
	description: "Change password (spec section 2): username read-only, old password only when none is held for the tab, new and confirm. Its behaviour is code; these are its options.",
	type: "object",
	additionalProperties: false,
	properties: { "redirectTo": {
		"type": "string",
		"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
		"x-route": true,
		"description": "Where the member goes 1 s after the change is saved, and where a visitor is sent (default /m/home)"
	} }
};
// widgets/change-password-form/index.tsx
/** Change password (spec section 2). Its code loads with its screen, not with the first page. */
var Form$4 = lazy(() => import("./assets/change-password-form-Bpx3NKkj.js"));
function ChangePasswordForm(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Form$4, { ...props })
	});
}
var change_password_form_default = defineWidget({
	name: "change-password-form",
	version: "1.0.0",
	propsSchema: props_schema_default$18,
	defaults: { redirectTo: "/m/home" },
	component: ChangePasswordForm
});
var props_schema_default$17 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/download-bar.json",
	title: "DownloadBarProps",
	description: "App download bar and popup (spec sections 2 and 4): Android, iOS and configuration-profile options for the device; hidden by the player (hideDownloadBar), in an installed web app, in the native app, and where the platform has no link.",
	type: "object",
	additionalProperties: false,
	properties: { "requiredLogin": {
		"type": "boolean",
		"description": "Show the bar only with a session (default false)"
	} }
};
// widgets/download-bar/index.tsx
/** The rules, the bar and the popup load outside the first load (the bar floats, so nothing shifts). */
var View$2 = lazy(() => import("./assets/download-bar-B_JP0I9B.js"));
function DownloadBar({ requiredLogin = false }) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(View$2, { requiredLogin })
	});
}
var download_bar_default = defineWidget({
	name: "download-bar",
	version: "1.0.0",
	propsSchema: props_schema_default$17,
	defaults: { requiredLogin: false },
	component: DownloadBar
});
// widgets/floating-service/contacts.ts
var CONTACT_KINDS = [
	"whatsapp",
	"viber",
	"facebook",
	"liveChat"
];
/** The configured contacts, in the spec's order: the server's startup values over the tenant file's. */
function configuredContacts(tenantContacts, startupContacts) {
	const fromServer = startupContacts && typeof startupContacts === "object" ? startupContacts : {};
	const out = [];
	for (const kind of CONTACT_KINDS) {
		const value = fromServer[kind] ?? tenantContacts[kind];
		if (typeof value === "string" && /^(https?|viber):\/\//i.test(value)) out.push({
			kind,
			url: value
		});
	}
	return out;
}
var props_schema_default$16 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/floating-service.json",
	title: "FloatingServiceProps",
	description: "Floating service buttons (spec section 2): two messaging-app contacts, a social-network contact and live chat from settings.contacts, each shown only when configured.",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/floating-service/index.tsx
var Buttons = lazy(() => import("./assets/floating-service-D1XZ5gsa.js"));
function FloatingService(_props) {
	const { tenant, startup } = useRuntime();
	const contacts = configuredContacts(tenant.settings.contacts, startup.info?.contacts);
	if (contacts.length === 0) return null;
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Buttons, { contacts })
	});
}
var floating_service_default = defineWidget({
	name: "floating-service",
	version: "1.0.0",
	propsSchema: props_schema_default$16,
	defaults: {},
	component: FloatingService
});
var props_schema_default$15 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/footer-menu.json",
	title: "FooterMenuProps",
	description: "The fixed bottom navigation bar; its children are the items.",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/footer-menu/index.tsx
function FooterMenu({ children }) {
	if (!hasItems(children)) return null;
	return /* @__PURE__ */ jsx("nav", {
		className: "footer-menu",
		children: /* @__PURE__ */ jsx(ItemList, {
			layout: "footer",
			className: "footer-menu__items",
			children
		})
	});
}
var footer_menu_default = defineWidget({
	name: "footer-menu",
	version: "1.0.0",
	propsSchema: props_schema_default$15,
	defaults: {},
	component: FooterMenu
});
var props_schema_default$14 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/forgot-password-form.json",
	title: "ForgotPasswordFormProps",
	description: "Forgot password (spec section 2): by phone (SMS code and a new password; only with flag CHNGPASSVERIF3, then the default) or by e-mail (username and e-mail). Its behaviour is code; these are its options.",
	type: "object",
	additionalProperties: false,
	properties: {
		"fallbackRoute": {
			"type": "string",
			"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
			"x-route": true,
			"description": "Where the screen goes after an e-mail was sent when there is no history to go back to (default /m/login)"
		},
		"redirectTo": {
			"type": "string",
			"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
			"x-route": true,
			"description": "Where the member goes after a password reset by phone logs them in (default /m/home)"
		}
	}
};
// widgets/forgot-password-form/index.tsx
/** Forgot password (spec section 2). Its code loads with its screen, not with the first page. */
var Form$3 = lazy(() => import("./assets/forgot-password-form-BfevRKv2.js"));
function ForgotPasswordForm(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Form$3, { ...props })
	});
}
var forgot_password_form_default = defineWidget({
	name: "forgot-password-form",
	version: "1.0.0",
	propsSchema: props_schema_default$14,
	defaults: {
		fallbackRoute: "/m/login",
		redirectTo: "/m/home"
	},
	component: ForgotPasswordForm
});
var props_schema_default$13 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/game-list.json",
	title: "GameListProps",
	description: "The game list of a category (spec section 2, game lists): search box, quick tabs (recent, favourites, hot), an all tab and one tab per vendor, infinite scroll, and a filter panel. The category comes from the route (?gameType=, /m/slotsCenter?vassalage=, the lottery routes); gameType is the fallback. A child node (the set-password-sms-form widget) is shown to members who have no password yet.",
	type: "object",
	additionalProperties: false,
	properties: {
		"gameType": {
			"title": "GameListType",
			"description": "Category when the route names none",
			"enum": [
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
			],
			"default": "RNG"
		},
		"quickTabs": {
			"description": "Quick tabs in display order",
			"type": "array",
			"uniqueItems": true,
			"items": {
				"title": "GameListQuickTab",
				"enum": [
					"recent",
					"favourites",
					"hot"
				]
			},
			"default": [
				"recent",
				"favourites",
				"hot"
			]
		},
		"search": {
			"type": "boolean",
			"default": true,
			"description": "Show the game-name search box"
		},
		"filter": {
			"type": "boolean",
			"default": true,
			"description": "Show the filter panel button"
		},
		"vendorsPerView": {
			"type": "integer",
			"minimum": 2,
			"maximum": 6,
			"default": 4,
			"description": "Vendor tabs visible at once in the vendor carousel (spec: 4)"
		},
		"minBetOptions": {
			"description": "Minimum-bet choices of the RNG filter, after 'all' (spec section 9)",
			"type": "array",
			"items": {
				"type": "number",
				"exclusiveMinimum": 0
			},
			"uniqueItems": true,
			"default": [
				.01,
				.05,
				.1,
				.5,
				.75
			]
		},
		"freePlay": {
			"type": "boolean",
			"default": false,
			"description": "Let visitors open games that support free play; off: every visitor launch goes to /m/login (spec section 2)"
		},
		"categoryLinks": {
			"description": "The filter panel's links to other game categories",
			"type": "array",
			"items": {
				"title": "GameListCategoryLink",
				"type": "object",
				"additionalProperties": false,
				"required": ["label", "to"],
				"properties": {
					"label": {
						"type": "string",
						"minLength": 1,
						"x-i18n": true,
						"description": "i18n key of the link text"
					},
					"to": {
						"type": "string",
						"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
						"x-route": true,
						"description": "Site route, e.g. /m/gameList?gameType=FISH"
					}
				}
			}
		}
	}
};
// widgets/game-list/index.tsx
/** The game list (spec section 2, game lists). Its code loads with the game-list screens, not with the first page. */
var List$1 = lazy(() => import("./assets/game-list-DnwSBN4m.js"));
function GameList(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(List$1, { ...props })
	});
}
var game_list_default = defineWidget({
	name: "game-list",
	version: "1.0.0",
	propsSchema: props_schema_default$13,
	defaults: {
		gameType: "RNG",
		quickTabs: [
			"recent",
			"favourites",
			"hot"
		],
		search: true,
		filter: true,
		vendorsPerView: 4,
		minBetOptions: [
			.01,
			.05,
			.1,
			.5,
			.75
		],
		freePlay: false,
		categoryLinks: []
	},
	component: GameList
});
// src/components/use-popover.ts
/**
* State of a toggle button with a popover list: it closes on a tap outside it and on Escape
* (focus returns to the toggle). Attach `rootRef` to the element holding both.
*/
function usePopover() {
	const [open, setOpen] = useState(false);
	const listId = useId();
	const rootRef = useRef(null);
	const toggleRef = useRef(null);
	useEffect(() => {
		if (!open) return;
		const onPointerDown = (e) => {
			if (!rootRef.current?.contains(e.target)) setOpen(false);
		};
		const onKeyDown = (e) => {
			if (e.key !== "Escape") return;
			setOpen(false);
			toggleRef.current?.focus();
		};
		document.addEventListener("pointerdown", onPointerDown);
		document.addEventListener("keydown", onKeyDown);
		return () => {
			document.removeEventListener("pointerdown", onPointerDown);
			document.removeEventListener("keydown", onKeyDown);
		};
	}, [open]);
	return {
		open,
		setOpen,
		listId,
		rootRef,
		toggleRef
	};
}
var props_schema_default$12 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/header-menu.json",
	title: "HeaderMenuProps",
	description: "The header drop-down menu: a toggle button and a popover list of its children.",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/header-menu/index.tsx
function HeaderMenu({ children }) {
	const { t } = useTranslation();
	const { open, setOpen, listId, rootRef, toggleRef } = usePopover();
	if (!hasItems(children)) return null;
	const onItemClick = (e) => {
		if (e.target instanceof Element && e.target.closest(".header-menu__list a, .header-menu__list button")) setOpen(false);
	};
	return /* @__PURE__ */ jsxs("div", {
		className: "header-menu",
		ref: rootRef,
		onClick: onItemClick,
		children: [/* @__PURE__ */ jsx("button", {
			ref: toggleRef,
			type: "button",
			className: "header-menu__toggle",
			"aria-label": t("menu"),
			"aria-expanded": open,
			"aria-controls": listId,
			onClick: () => setOpen((o) => !o),
			children: /* @__PURE__ */ jsx(Icon, { name: open ? "close" : "menu" })
		}), /* @__PURE__ */ jsx(ItemList, {
			layout: "popover",
			className: "header-menu__list",
			id: listId,
			hidden: !open,
			children
		})]
	});
}
var header_menu_default = defineWidget({
	name: "header-menu",
	version: "1.0.0",
	propsSchema: props_schema_default$12,
	defaults: {},
	component: HeaderMenu
});
var props_schema_default$11 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/help-list.json",
	title: "HelpListProps",
	description: "Help center list (spec section 2): titled items with expandable, sanitised HTML content; the open item comes from the query parameter i (default 0).",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/help-list/index.tsx
/** The list and the HTML sanitiser load with the help screen, never with the first page. */
var List = lazy(() => import("./assets/help-list-DX6UDVtV.js"));
function HelpList(_props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("div", {
			className: "help-list help-list--loading",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(List, {})
	});
}
var help_list_default = defineWidget({
	name: "help-list",
	version: "1.0.0",
	propsSchema: props_schema_default$11,
	defaults: {},
	component: HelpList
});
var props_schema_default$10 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/hot-match-ticker.json",
	title: "HotMatchTickerProps",
	description: "Home hot-match ticker (spec sections 2 and 4): hot sports matches scrolling vertically (looping, speed 500 ms, autoplay 5000 ms when more than one); a tap opens the hot-match popup, where a match or its play button launches the game.",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/hot-match-ticker/index.tsx
/** The ticker, its data and the popup load outside the first load. */
var View$1 = lazy(() => import("./assets/hot-match-ticker-Cq9cQi8o.js"));
function HotMatchTicker(_props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("div", {
			className: "hot-match-ticker",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(View$1, {})
	});
}
var hot_match_ticker_default = defineWidget({
	name: "hot-match-ticker",
	version: "1.0.0",
	propsSchema: props_schema_default$10,
	defaults: {},
	component: HotMatchTicker
});
var props_schema_default$9 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/jackpot-counter.json",
	title: "JackpotCounterProps",
	description: "Home jackpot block (spec sections 4 and 9): a counter that starts at a random value from 200,000,000 to 990,000,000 and grows by a random 100 to 500 every 3, 4 or 5 seconds; a tap opens the winners page.",
	type: "object",
	additionalProperties: false,
	properties: {
		"to": {
			"type": "string",
			"pattern": "^/m/[A-Za-z0-9/._-]*$",
			"x-route": true,
			"description": "Where a tap goes (default /m/winnerPage)"
		},
		"title": {
			"type": "string",
			"x-i18n": true,
			"description": "Label key (default jackpot)"
		}
	}
};
// widgets/jackpot-counter/index.tsx
var Counter = lazy(() => import("./assets/jackpot-counter-BhFsKYOB.js"));
function JackpotCounter(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("div", {
			className: "jackpot-counter jackpot-counter--loading",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(Counter, {
			to: props.to ?? "/m/winnerPage",
			title: props.title ?? "jackpot"
		})
	});
}
var jackpot_counter_default = defineWidget({
	name: "jackpot-counter",
	version: "1.0.0",
	propsSchema: props_schema_default$9,
	defaults: {
		to: "/m/winnerPage",
		title: "jackpot"
	},
	component: JackpotCounter
});
var props_schema_default$8 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/login-form.json",
	title: "LoginFormProps",
	description: "The login form (spec section 2): username or mobile mode, remember password, captcha on demand, social login, free trial and the navigation strip. Its behaviour is code; these are its options.",
	type: "object",
	additionalProperties: false,
	properties: {
		"freeTrial": {
			"type": "boolean",
			"description": "Shows the free-trial action (default true)"
		},
		"navigation": {
			"type": "boolean",
			"description": "Shows the navigation strip: home, register now, forgot password, online customer service (default true)"
		},
		"redirectTo": {
			"type": "string",
			"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
			"x-route": true,
			"description": "Where a successful login goes when the form is not in a dialog (default /m/home)"
		}
	}
};
// widgets/login-form/index.tsx
/** The login form (spec section 2). Its code loads with the login screen, not with the first page. */
var Form$2 = lazy(() => import("./assets/login-form-Cx_G-KBQ.js"));
function LoginForm(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Form$2, { ...props })
	});
}
var login_form_default = defineWidget({
	name: "login-form",
	version: "1.0.0",
	propsSchema: props_schema_default$8,
	defaults: {
		freeTrial: true,
		navigation: true,
		redirectTo: "/m/home"
	},
	component: LoginForm
});
var props_schema_default$7 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/menu-list.json",
	title: "MenuListProps",
	description: "A vertical list of items (the member-centre list), optionally titled.",
	type: "object",
	additionalProperties: false,
	properties: {
		"title": {
			"type": "string",
			"minLength": 1,
			"x-i18n": true,
			"description": "i18n key of the list heading"
		},
		"variant": {
			"enum": ["plain", "card"],
			"default": "plain",
			"description": "card: rows on a raised rounded surface"
		}
	}
};
// widgets/menu-list/index.tsx
function MenuList({ title, variant = "plain", children }) {
	const { t } = useTranslation();
	const headingId = useId();
	if (!hasItems(children)) return null;
	return /* @__PURE__ */ jsxs("section", {
		className: `menu-list menu-list--${variant}`,
		"aria-labelledby": title ? headingId : void 0,
		children: [title ? /* @__PURE__ */ jsx("h2", {
			id: headingId,
			className: "menu-list__title",
			children: t(title)
		}) : null, /* @__PURE__ */ jsx(ItemList, {
			layout: "row",
			className: "menu-list__items",
			children
		})]
	});
}
var menu_list_default = defineWidget({
	name: "menu-list",
	version: "1.0.0",
	propsSchema: props_schema_default$7,
	defaults: { variant: "plain" },
	component: MenuList
});
var props_schema_default$6 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/nav-item.json",
	title: "NavItemProps",
	description: "One navigation entry: a link to a site route, or a button that runs a runtime action. Used in lists, grids, the footer, the header menu and quick buttons.",
	type: "object",
	additionalProperties: false,
	required: ["label"],
	oneOf: [{
		"type": "object",
		"required": ["to"],
		"properties": {
			"to": true,
			"action": false
		}
	}, {
		"type": "object",
		"required": ["action"],
		"properties": {
			"action": true,
			"to": false
		}
	}],
	properties: {
		"label": {
			"type": "string",
			"minLength": 1,
			"x-i18n": true,
			"description": "i18n key of the visible label and accessible name"
		},
		"to": {
			"type": "string",
			"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
			"x-route": true,
			"description": "Site route the item links to, e.g. /m/rewardCenter or /m/member/notice?types=A"
		},
		"action": {
			"title": "NavAction",
			"description": "Runtime action run on tap instead of navigating",
			"enum": [
				"referral",
				"customerService",
				"download",
				"logout",
				"refreshBalance",
				"toggleBalance",
				"login",
				"register",
				"language"
			]
		},
		"icon": { "$ref": "#/$defs/iconName" },
		"activeLabel": {
			"type": "string",
			"minLength": 1,
			"x-i18n": true,
			"description": "Label while the action's toggle is on (toggleBalance: the balance is hidden), e.g. show_balance"
		},
		"activeIcon": { "$ref": "#/$defs/iconName" },
		"badge": {
			"title": "BadgeName",
			"description": "Live count from the runtime; shown only when above 0 (unread counts show as a red dot)",
			"enum": [
				"unclaimedPromotions",
				"unreadMessages",
				"agentNoticeUnread"
			]
		},
		"badgeText": {
			"type": "string",
			"minLength": 1,
			"x-i18n": true,
			"description": "A fixed badge, e.g. deposit_bonus_badge"
		},
		"protected": {
			"type": "boolean",
			"description": "Needs a session: a visitor's tap asks to log in instead"
		},
		"emphasis": {
			"type": "boolean",
			"description": "Raised, highlighted item (the footer's centre deposit button)"
		},
		"menuKey": {
			"type": "string",
			"pattern": "^[A-Za-z][A-Za-z0-9_]*$",
			"description": "Agent menu whitelist key; the item shows only when tenant.agentMenu.whitelist lists it"
		}
	},
	$defs: { "iconName": {
		"title": "IconName",
		"description": "A name from the inline icon set (src/components/icons.tsx)",
		"enum": [
			"home",
			"gift",
			"deposit",
			"invite",
			"user",
			"withdraw",
			"refresh",
			"eye",
			"eye-off",
			"login",
			"logout",
			"menu",
			"mail",
			"record",
			"bet",
			"chart",
			"transfer",
			"cashback",
			"trophy",
			"rebate",
			"feedback",
			"download",
			"vip",
			"shield",
			"settings",
			"service",
			"notice",
			"team",
			"agent",
			"salary",
			"dividend",
			"red-packet",
			"register",
			"language",
			"wallet",
			"game",
			"help",
			"close",
			"chevron-right"
		]
	} }
};
// widgets/nav-item/index.tsx
/** Unread counters show as a dot (spec: "red dot when unread count is above 0"); others as a number. */
var DOT_BADGES = ["unreadMessages", "agentNoticeUnread"];
var MAX_COUNT = 99;
function NavItem(props) {
	const { label, icon, activeLabel, activeIcon, badge, badgeText, emphasis, menuKey } = props;
	const { t } = useTranslation();
	const tenant = useTenant();
	const { dispatch, requireLogin } = useRuntimeActions();
	const layout = useItemLayout();
	const count = useBadge(badge);
	const needsLogin = useRuntimeState((state) => props.protected === true && !state.gateContext.session);
	const active = useRuntimeState((state) => props.action === "toggleBalance" && state.balanceHidden);
	if (menuKey !== void 0 && !tenant.agentMenu.whitelist.includes(menuKey)) return null;
	const shownLabel = active && activeLabel ? activeLabel : label;
	const shownIcon = active && activeIcon ? activeIcon : icon;
	const className = [
		"nav-item",
		`nav-item--${layout}`,
		emphasis ? "nav-item--emphasis" : ""
	].filter(Boolean).join(" ");
	const countText = count > MAX_COUNT ? `${MAX_COUNT}+` : String(count);
	const content = /* @__PURE__ */ jsxs(Fragment$1, { children: [
		shownIcon ? /* @__PURE__ */ jsx("span", {
			className: "nav-item__icon",
			children: /* @__PURE__ */ jsx(Icon, { name: shownIcon })
		}) : null,
		/* @__PURE__ */ jsx("span", {
			className: "nav-item__label",
			children: t(shownLabel)
		}),
		badgeText ? /* @__PURE__ */ jsx("span", {
			className: "nav-item__tag",
			children: t(badgeText)
		}) : null,
		count > 0 && badge && DOT_BADGES.includes(badge) ? /* @__PURE__ */ jsx("span", {
			className: "nav-item__dot",
			children: /* @__PURE__ */ jsx("span", {
				className: "visually-hidden",
				children: countText
			})
		}) : null,
		count > 0 && badge && !DOT_BADGES.includes(badge) ? /* @__PURE__ */ jsx("span", {
			className: "nav-item__count",
			children: countText
		}) : null,
		layout === "row" ? /* @__PURE__ */ jsx("span", {
			className: "nav-item__chevron",
			children: /* @__PURE__ */ jsx(Icon, { name: "chevron-right" })
		}) : null
	] });
	if (props.to !== void 0) {
		const onClick = (e) => {
			if (!needsLogin) return;
			e.preventDefault();
			requireLogin();
		};
		return /* @__PURE__ */ jsx(NavLink, {
			to: props.to,
			end: true,
			className,
			onClick,
			children: content
		});
	}
	const action = props.action;
	const onClick = () => {
		if (needsLogin) requireLogin();
		else if (action) dispatch(action);
	};
	return /* @__PURE__ */ jsx("button", {
		type: "button",
		className,
		onClick,
		children: content
	});
}
var nav_item_default = defineWidget({
	name: "nav-item",
	version: "1.0.0",
	propsSchema: props_schema_default$6,
	defaults: {},
	component: NavItem
});
var props_schema_default$5 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/notice-bar.json",
	title: "NoticeBarProps",
	description: "Home notice bar: the player notices scrolling by ('no_announcement' when there are none); a tap opens the notice list. Optional download button opening the download popup.",
	type: "object",
	additionalProperties: false,
	properties: {
		"to": {
			"type": "string",
			"pattern": "^/m/[A-Za-z0-9/._-]*$",
			"x-route": true,
			"description": "Where a tap goes (default /m/notice)"
		},
		"download": {
			"type": "boolean",
			"description": "Shows the download button where the device has something to download (default true)"
		}
	}
};
// widgets/notice-bar/index.tsx
/** Its data hooks load with it, outside the first load; the placeholder keeps the bar's height. */
var View = lazy(() => import("./assets/notice-bar-nRBKY2Ob.js"));
function NoticeBar({ to = "/m/notice", download = true }) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("div", {
			className: "notice-bar",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(View, {
			to,
			download
		})
	});
}
var notice_bar_default = defineWidget({
	name: "notice-bar",
	version: "1.0.0",
	propsSchema: props_schema_default$5,
	defaults: {
		to: "/m/notice",
		download: true
	},
	component: NoticeBar
});
var props_schema_default$4 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/quick-buttons.json",
	title: "QuickButtonsProps",
	description: "A row of icon buttons (home quick buttons: deposit, withdraw, cash back, reward).",
	type: "object",
	additionalProperties: false,
	properties: {}
};
// widgets/quick-buttons/index.tsx
function QuickButtons({ children }) {
	if (!hasItems(children)) return null;
	return /* @__PURE__ */ jsx(ItemList, {
		layout: "quick",
		className: "quick-buttons",
		children
	});
}
var quick_buttons_default = defineWidget({
	name: "quick-buttons",
	version: "1.0.0",
	propsSchema: props_schema_default$4,
	defaults: {},
	component: QuickButtons
});
var props_schema_default$3 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/register-form.json",
	title: "RegisterFormProps",
	description: "The registration form (spec section 2): username and mobile tabs per flags, fields from the server's registration settings and rules, SMS code, captcha, affiliate code, terms. Its behaviour is code; these are its options.",
	type: "object",
	additionalProperties: false,
	properties: {
		"redirectTo": {
			"type": "string",
			"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
			"x-route": true,
			"description": "Where a new member goes after registering (default /m/home)"
		},
		"affiliateParams": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": {
				"type": "string",
				"pattern": "^[A-Za-z][A-Za-z0-9_]*$"
			},
			"description": "URL query parameters that may carry an affiliate (invitation) code, first match wins"
		}
	}
};
// widgets/register-form/index.tsx
/** The registration form (spec section 2). Its code loads with the register screen, not with the first page. */
var Form$1 = lazy(() => import("./assets/register-form-B6Dfu0Da.js"));
function RegisterForm(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Form$1, { ...props })
	});
}
var register_form_default = defineWidget({
	name: "register-form",
	version: "1.0.0",
	propsSchema: props_schema_default$3,
	defaults: {
		redirectTo: "/m/home",
		affiliateParams: [
			"affiliateCode",
			"affCode",
			"aff",
			"code",
			"inviteCode"
		]
	},
	component: RegisterForm
});
var props_schema_default$2 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/set-password-sms-form.json",
	title: "SetPasswordSmsFormProps",
	description: "Set a password by SMS for members without one (spec section 2, game lists): mobile number, SMS code, new password; on success the member is logged in with the number and the new password.",
	type: "object",
	additionalProperties: false,
	properties: { "redirectTo": {
		"type": "string",
		"pattern": "^/(m/[A-Za-z0-9/._-]*)?([?#][A-Za-z0-9=&%/._~+-]*)?$",
		"x-route": true,
		"description": "Where to go after the password is set and the member logged in; absent: stay (a host may close its dialog)"
	} }
};
// widgets/set-password-sms-form/index.tsx
/** Set a password by SMS (spec section 2, game lists). Its code loads when it is shown, not with the first page. */
var Form = lazy(() => import("./assets/set-password-sms-form-Cp61F0tU.js"));
function SetPasswordSmsForm(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(Form, { ...props })
	});
}
var set_password_sms_form_default = defineWidget({
	name: "set-password-sms-form",
	version: "1.0.0",
	propsSchema: props_schema_default$2,
	defaults: {},
	component: SetPasswordSmsForm
});
var props_schema_default$1 = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/tile-grid.json",
	title: "TileGridProps",
	description: "A grid of icon tiles (the member-centre quick tiles).",
	type: "object",
	additionalProperties: false,
	properties: { "columns": {
		"type": "integer",
		"minimum": 2,
		"maximum": 5,
		"default": 4
	} }
};
// widgets/tile-grid/index.tsx
function TileGrid({ columns = 4, children }) {
	if (!hasItems(children)) return null;
	return /* @__PURE__ */ jsx(ItemList, {
		layout: "tile",
		className: "tile-grid",
		style: { "--tile-columns": columns },
		children
	});
}
var tile_grid_default = defineWidget({
	name: "tile-grid",
	version: "1.0.0",
	propsSchema: props_schema_default$1,
	defaults: { columns: 4 },
	component: TileGrid
});
var props_schema_default = {
	$schema: "https://json-schema.org/draft/2020-12/schema",
	$id: "https://schemas.whitelabel.dev/widgets/winner-board.json",
	title: "WinnerBoardProps",
	description: "Home winner board (spec sections 2 and 9): the latest big wins (relay GCSGAME_getRankList, category ALL, 20 entries), each with a play-now button; a looping vertical carousel (speed 1500, gap 10) above 3 winners, else a static view of 3.",
	type: "object",
	additionalProperties: false,
	properties: { "title": {
		"type": "string",
		"x-i18n": true,
		"description": "Heading key (default latest_winners)"
	} }
};
// widgets/winner-board/index.tsx
var Board = lazy(() => import("./assets/winner-board-BCMuYj9f.js"));
function WinnerBoard(props) {
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: /* @__PURE__ */ jsx("section", {
			className: "winner-board winner-board--loading",
			"aria-hidden": "true"
		}),
		children: /* @__PURE__ */ jsx(Board, { title: props.title ?? "latest_winners" })
	});
}
// widgets/registry.ts
/** Every widget a tenant may name, by name. The tenant validator and the renderer both read this map. */
var registry = {
	"agent-grid": agent_grid_default,
	"announcement-popup": announcement_popup_default,
	"banner-carousel": banner_carousel_default,
	"category-menu": category_menu_default,
	"change-password-form": change_password_form_default,
	"download-bar": download_bar_default,
	"floating-service": floating_service_default,
	"footer-menu": footer_menu_default,
	"forgot-password-form": forgot_password_form_default,
	"game-list": game_list_default,
	"header-menu": header_menu_default,
	"help-list": help_list_default,
	"hot-match-ticker": hot_match_ticker_default,
	"jackpot-counter": jackpot_counter_default,
	"login-form": login_form_default,
	"menu-list": menu_list_default,
	"nav-item": nav_item_default,
	"notice-bar": notice_bar_default,
	"quick-buttons": quick_buttons_default,
	"register-form": register_form_default,
	"set-password-sms-form": set_password_sms_form_default,
	"tile-grid": tile_grid_default,
	"winner-board": defineWidget({
		name: "winner-board",
		version: "1.0.0",
		propsSchema: props_schema_default,
		defaults: { title: "latest_winners" },
		component: WinnerBoard
	})
};
// src/app/shell/dialog-store.ts
/** The shell's one open dialog: item actions open it by name, the dialog host shows it. */
var dialogStore = createStore({ open: null });
function openDialog(dialog) {
	dialogStore.set({ open: dialog });
}
function closeDialog() {
	dialogStore.set({ open: null });
}
function useOpenDialog() {
	return useStore(dialogStore, (state) => state.open);
}
// src/components/navigation.ts
/** The back behaviour of spec section 2 for the current page (see layout-rules backTarget). */
function useGoBack() {
	const navigate = useNavigate();
	const { pathname } = useLocation();
	return useCallback(() => {
		const target = backTarget(pathname, historyCanGoBack(window.history.state));
		if (target.kind === "home") navigate(HOME_PATH$1);
		else if (target.kind === "history") navigate(-1);
		else navigate(HOME_PATH$1, { replace: true });
	}, [navigate, pathname]);
}
// src/app/shell/guards.tsx
/** Spec section 9: 'free_reject' and 'contact_service' show for 2 s. */
var NOTICE_2S_MS = 2e3;
/** A toast that is not stacked again while the same one still shows (repeated taps, StrictMode). */
function toastOnce(key, durationMs) {
	if (feedbackStore.toasts.some((t) => t.key === key)) return;
	showToast(key, durationMs);
}
/** Pages for members only (settings, change password): a visitor is sent home, replacing the entry. */
function RequireSession({ children }) {
	const signedIn = useRuntimeState((state) => state.session !== null);
	if (!useHydrated()) return /* @__PURE__ */ jsx("div", {
		className: "page-loading",
		"aria-hidden": "true"
	});
	if (!signedIn) return /* @__PURE__ */ jsx(Navigate, {
		to: HOME_PATH$1,
		replace: true
	});
	return /* @__PURE__ */ jsx(Fragment$1, { children });
}
/** The member centre turns free-trial accounts away with 'free_reject' and leaves them where they were. */
function MemberCentreGuard({ children }) {
	const trial = useRuntimeState((state) => isTrialMember(state.session?.type));
	const goBack = useGoBack();
	useEffect(() => {
		if (!trial) return;
		toastOnce("free_reject", NOTICE_2S_MS);
		goBack();
	}, [trial, goBack]);
	if (trial) return null;
	return /* @__PURE__ */ jsx(Fragment$1, { children });
}
// src/app/providers.tsx
var openLoginDialog = () => openDialog("login");
var hasUpline = (data) => typeof data.member?.toUpline === "string" && data.member.toUpline !== "";
/** The member store's counters under the runtime's badge names; a new object only when a count changes. */
function useMemberBadges() {
	const unclaimedPromotions = useMemberState((data) => data.unclaimedPromotions);
	const unreadMessages = useMemberState((data) => data.unreadMessages);
	const agentNoticeUnread = useMemberState((data) => data.agentNoticeUnread);
	return useMemo(() => ({
		unclaimedPromotions,
		unreadMessages,
		agentNoticeUnread
	}), [
		unclaimedPromotions,
		unreadMessages,
		agentNoticeUnread
	]);
}
/**
* Wires the API client and the session once per page, and provides the runtime (actions, the
* runtime store fed by the member store) and the renderer to the shell. Its own re-renders (a
* page change, a badge count) stop at its children: they read what they need through selectors.
*/
function Providers({ config, referralOn, children }) {
	const routerNavigate = useNavigate();
	const { pathname } = useLocation();
	const install = useClientValue(() => detectInstallMode(), "browser");
	useState(() => {
		if (typeof window === "undefined") return;
		setupApiClient(config, detectInstallMode());
		syncSessionFromStorage();
	});
	const navigate = useCallback((to, options) => void routerNavigate(to, options), [routerNavigate]);
	const onRequireLogin = loginPromptFor(normalisePath(pathname)) === "dialog" ? openLoginDialog : void 0;
	const actionHandlers = useMemo(() => ({
		refreshBalance: () => void refreshMemberWallet(),
		referral: () => referralOn ? openDialog("referral") : toastOnce("contact_service", NOTICE_2S_MS),
		language: () => openDialog("language")
	}), [referralOn]);
	const badges = useMemberBadges();
	const upline = useMemberState(hasUpline);
	return /* @__PURE__ */ jsx(RuntimeProvider, {
		config,
		navigate,
		install,
		badges,
		hasUpline: upline,
		onRequireLogin,
		actionHandlers,
		children: /* @__PURE__ */ jsx(RendererProvider, {
			registry,
			children
		})
	});
}
// src/app/route-titles.ts
/**
* The title key of every route, read from the route manifest. The manifest types each title
* against the locale keys, so a route without a title, or a title key missing from the locales,
* fails typecheck.
*/
var ROUTE_TITLES = Object.fromEntries(ROUTES.map((r) => [r.id, r.title]));
// src/lib/i18n.ts
var LANGUAGES = [
	{
		"code": "TY",
		"name": "Filipino",
		"native": "Filipino",
		"htmlLang": "fil",
		"file": true
	},
	{
		"code": "EN",
		"name": "English",
		"native": "English",
		"htmlLang": "en",
		"file": true
	},
	{
		"code": "CN",
		"name": "Chinese (Simplified)",
		"native": "简体中文",
		"htmlLang": "zh-CN",
		"file": false
	},
	{
		"code": "TW",
		"name": "Chinese (Traditional)",
		"native": "繁體中文",
		"htmlLang": "zh-TW",
		"file": false
	},
	{
		"code": "JA",
		"name": "Japanese",
		"native": "日本語",
		"htmlLang": "ja",
		"file": false
	},
	{
		"code": "TH",
		"name": "Thai",
		"native": "ไทย",
		"htmlLang": "th",
		"file": false
	},
	{
		"code": "VI",
		"name": "Vietnamese",
		"native": "Tiếng Việt",
		"htmlLang": "vi",
		"file": false
	},
	{
		"code": "MY",
		"name": "Burmese",
		"native": "မြန်မာ",
		"htmlLang": "my",
		"file": false
	},
	{
		"code": "ES",
		"name": "Spanish",
		"native": "Español",
		"htmlLang": "es",
		"file": false
	},
	{
		"code": "HI",
		"name": "Hindi",
		"native": "हिन्दी",
		"htmlLang": "hi",
		"file": false
	},
	{
		"code": "ID",
		"name": "Indonesian",
		"native": "Bahasa Indonesia",
		"htmlLang": "id",
		"file": false
	},
	{
		"code": "KM",
		"name": "Khmer",
		"native": "ខ្មែរ",
		"htmlLang": "km",
		"file": false
	},
	{
		"code": "KO",
		"name": "Korean",
		"native": "한국어",
		"htmlLang": "ko",
		"file": false
	},
	{
		"code": "MS",
		"name": "Malay",
		"native": "Bahasa Melayu",
		"htmlLang": "ms",
		"file": false
	},
	{
		"code": "PT",
		"name": "Portuguese",
		"native": "Português",
		"htmlLang": "pt",
		"file": false
	},
	{
		"code": "TA",
		"name": "Tamil",
		"native": "தமிழ்",
		"htmlLang": "ta",
		"file": false
	},
	{
		"code": "UR",
		"name": "Urdu",
		"native": "اردو",
		"htmlLang": "ur",
		"file": false,
		"rtl": true
	},
	{
		"code": "TR",
		"name": "Turkish",
		"native": "Türkçe",
		"htmlLang": "tr",
		"file": false
	},
	{
		"code": "BN",
		"name": "Bengali",
		"native": "বাংলা",
		"htmlLang": "bn",
		"file": false
	},
	{
		"code": "AR",
		"name": "Arabic",
		"native": "العربية",
		"htmlLang": "ar",
		"file": false,
		"rtl": true
	},
	{
		"code": "FA",
		"name": "Persian",
		"native": "فارسی",
		"htmlLang": "fa",
		"file": false,
		"rtl": true
	},
	{
		"code": "RU",
		"name": "Russian",
		"native": "Русский",
		"htmlLang": "ru",
		"file": false
	},
	{
		"code": "KK",
		"name": "Kazakh",
		"native": "Қазақ тілі",
		"htmlLang": "kk",
		"file": false
	},
	{
		"code": "UZ",
		"name": "Uzbek",
		"native": "Oʻzbekcha",
		"htmlLang": "uz",
		"file": false
	},
	{
		"code": "LO",
		"name": "Lao",
		"native": "ລາວ",
		"htmlLang": "lo",
		"file": false
	},
	{
		"code": "NE",
		"name": "Nepali",
		"native": "नेपाली",
		"htmlLang": "ne",
		"file": false
	},
	{
		"code": "FR",
		"name": "French",
		"native": "Français",
		"htmlLang": "fr",
		"file": false
	},
	{
		"code": "TE",
		"name": "Telugu",
		"native": "తెలుగు",
		"htmlLang": "te",
		"file": false
	},
	{
		"code": "SW",
		"name": "Swahili",
		"native": "Kiswahili",
		"htmlLang": "sw",
		"file": false
	},
	{
		"code": "DE",
		"name": "German",
		"native": "Deutsch",
		"htmlLang": "de",
		"file": false
	},
	{
		"code": "IT",
		"name": "Italian",
		"native": "Italiano",
		"htmlLang": "it",
		"file": false
	},
	{
		"code": "PL",
		"name": "Polish",
		"native": "Polski",
		"htmlLang": "pl",
		"file": false
	},
	{
		"code": "NL",
		"name": "Dutch",
		"native": "Nederlands",
		"htmlLang": "nl",
		"file": false
	},
	{
		"code": "HE",
		"name": "Hebrew",
		"native": "עברית",
		"htmlLang": "he",
		"file": false,
		"rtl": true
	},
	{
		"code": "UK",
		"name": "Ukrainian",
		"native": "Українська",
		"htmlLang": "uk",
		"file": false
	},
	{
		"code": "RO",
		"name": "Romanian",
		"native": "Română",
		"htmlLang": "ro",
		"file": false
	},
	{
		"code": "EL",
		"name": "Greek",
		"native": "Ελληνικά",
		"htmlLang": "el",
		"file": false
	},
	{
		"code": "CS",
		"name": "Czech",
		"native": "Čeština",
		"htmlLang": "cs",
		"file": false
	},
	{
		"code": "HU",
		"name": "Hungarian",
		"native": "Magyar",
		"htmlLang": "hu",
		"file": false
	},
	{
		"code": "SV",
		"name": "Swedish",
		"native": "Svenska",
		"htmlLang": "sv",
		"file": false
	}
];
var LANGUAGE_STORAGE_KEY = "language";
/**
* One lazy chunk per translation file, so the first load carries only the active language.
* A glob rather than fixed imports: a language gains a file by adding it to locales/.
*/
var localeFiles = /* #__PURE__ */ Object.assign({
	"../../locales/en.json": () => import("./assets/en-m2uuRGsj.js").then((m) => m["default"]),
	"../../locales/ty.json": () => import("./assets/ty-C6Kpdm3u.js").then((m) => m["default"])
});
/** Loads the translation file of a tenant language code (TY -> locales/ty.json); null when none ships. */
var loadLocaleFile = async (code) => {
	const load = localeFiles[`../../locales/${code.toLowerCase()}.json`];
	return load ? await load() : null;
};
function languageInfo(code) {
	return LANGUAGES.find((l) => l.code === code);
}
/**
* The i18next language name of a tenant code. i18next gets the BCP 47 tag (TY -> fil), which is
* also what <html lang> needs, and which i18next will not re-case.
*/
function htmlLangOf(code) {
	return languageInfo(code)?.htmlLang ?? code.toLowerCase();
}
/** The tenant code of an i18next language name (fil -> TY). */
function codeOfHtmlLang(lang) {
	return LANGUAGES.find((l) => l.htmlLang === lang)?.code;
}
/** A stored choice wins when the tenant still offers it; otherwise the tenant's default. */
function pickLanguage(tenant, stored) {
	return stored && tenant.i18n.languages.includes(stored) ? stored : tenant.i18n.default;
}
async function ensureLanguage(instance, tenant, code, loader) {
	const lng = htmlLangOf(code);
	if (instance.hasResourceBundle(lng, "translation")) return;
	const messages = languageInfo(code)?.file === false ? null : await loader(code);
	if (!messages && code !== "EN") await ensureLanguage(instance, tenant, "EN", loader);
	instance.addResourceBundle(lng, "translation", {
		...messages ?? {},
		...tenant.i18n.overrides?.[code] ?? {}
	}, true, true);
}
/** The server renders the next page in the chosen language (a year, this site only). */
function rememberLanguageForServer(code, doc) {
	if (!doc) return;
	try {
		doc.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
	} catch {}
}
function applyDocumentLanguage(code, doc) {
	if (!doc) return;
	doc.documentElement.lang = htmlLangOf(code);
	doc.documentElement.dir = languageInfo(code)?.rtl ? "rtl" : "ltr";
}
/** Creates the app's i18next instance with the active language (and EN when it is needed) loaded. */
async function setupI18n(tenant, options = {}) {
	const loader = options.loader ?? loadLocaleFile;
	const doc = options.doc ?? globalThis.document;
	const code = options.language ?? pickLanguage(tenant, readItem("language"));
	const instance = createInstance();
	await instance.init({
		lng: htmlLangOf(code),
		fallbackLng: htmlLangOf("EN"),
		resources: {},
		partialBundledLanguages: true,
		keySeparator: false,
		nsSeparator: false,
		interpolation: { escapeValue: false },
		returnNull: false
	});
	await ensureLanguage(instance, tenant, code, loader);
	await instance.changeLanguage(htmlLangOf(code));
	applyDocumentLanguage(code, doc);
	return instance;
}
/** Switches language: loads its file, stores the choice and sets <html lang> (spec section 4). */
async function changeAppLanguage(instance, tenant, code, options = {}) {
	if (!tenant.i18n.languages.includes(code)) return;
	await ensureLanguage(instance, tenant, code, options.loader ?? loadLocaleFile);
	await instance.changeLanguage(htmlLangOf(code));
	writeItem(LANGUAGE_STORAGE_KEY, code);
	rememberLanguageForServer(code, options.doc ?? globalThis.document);
	applyDocumentLanguage(code, options.doc ?? globalThis.document);
}
var listeners = /* @__PURE__ */ new Set();
/** Subscribes to language changes (immediately, no debounce); returns the unsubscribe function. */
function onLanguageChange(listener) {
	listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}
/** Tells every listener the language is now `code` (a tenant code: TY, EN, ...). */
function emitLanguageChange(code) {
	for (const listener of [...listeners]) try {
		listener(code);
	} catch (err) {
		console.error("language listener failed", err);
	}
}
/**
* Switches the app language: loads its messages, sets <html lang>, stores the choice under
* `language`, then notifies listeners. Unknown codes (not offered by the tenant) are ignored.
*/
async function switchLanguage(i18n, tenant, code) {
	if (!tenant.i18n.languages.includes(code)) return;
	await changeAppLanguage(i18n, tenant, code);
	emitLanguageChange(code);
}
/** The tenant code of the language i18next is showing (fil -> TY), else the tenant default. */
function currentLanguageCode(i18n, tenant) {
	return codeOfHtmlLang(i18n.language) ?? tenant.i18n.default;
}
/**
* Calls `callback` 200 ms after the last language change while the component is mounted (e.g. a
* form revalidating its filled fields). The latest callback is used; it needs no memoising.
*/
function useLanguageChange(callback, delayMs = 200) {
	const latest = useRef(callback);
	useEffect(() => {
		latest.current = callback;
	});
	useEffect(() => {
		let timer;
		const off = onLanguageChange((code) => {
			clearTimeout(timer);
			timer = setTimeout(() => latest.current(code), delayMs);
		});
		return () => {
			clearTimeout(timer);
			off();
		};
	}, [delayMs]);
}
/**
* The language code data should be loaded in: the current one at mount, then the new one
* `delayMs` after a change (spec: lists reload 200 ms after a language change; the winner board
* 250 ms). Use it in SWR keys so a quick run of changes reloads once.
*/
function useContentLanguage(i18n, tenant, delayMs = 200) {
	const [code, setCode] = useState(() => currentLanguageCode(i18n, tenant));
	useLanguageChange(setCode, delayMs);
	return code;
}
// src/app/shell/language-switcher.tsx
/** The tenant's languages, each named in its own language (languages.json). */
function LanguageOptions({ onChosen }) {
	const { i18n } = useTranslation();
	const tenant = useTenant();
	const current = currentLanguageCode(i18n, tenant);
	return /* @__PURE__ */ jsx("ul", {
		className: "language-list",
		children: tenant.i18n.languages.map((code) => {
			const info = languageInfo(code);
			return /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "language-list__option",
				lang: info?.htmlLang,
				"aria-current": code === current ? "true" : void 0,
				onClick: () => {
					onChosen?.();
					if (code !== current) switchLanguage(i18n, tenant, code);
				},
				children: info?.native ?? code
			}) }, code);
		})
	});
}
/** Header language button with its popover list. */
function LanguageSwitcher() {
	const { t, i18n } = useTranslation();
	const tenant = useTenant();
	const { open, setOpen, listId, rootRef, toggleRef } = usePopover();
	if (tenant.i18n.languages.length < 2) return null;
	const code = currentLanguageCode(i18n, tenant);
	return /* @__PURE__ */ jsxs("div", {
		className: "language-switcher",
		ref: rootRef,
		children: [/* @__PURE__ */ jsxs("button", {
			ref: toggleRef,
			type: "button",
			className: "icon-button language-switcher__toggle",
			"aria-label": t("language"),
			"aria-expanded": open,
			"aria-controls": listId,
			onClick: () => setOpen((o) => !o),
			children: [/* @__PURE__ */ jsx(Icon, { name: "language" }), /* @__PURE__ */ jsx("span", {
				className: "language-switcher__code",
				"aria-hidden": "true",
				children: code
			})]
		}), /* @__PURE__ */ jsx("div", {
			id: listId,
			className: "language-switcher__popover",
			hidden: !open,
			children: /* @__PURE__ */ jsx(LanguageOptions, { onChosen: () => setOpen(false) })
		})]
	});
}
// src/components/page-bar.tsx
/** A page's top bar: the back arrow and the page title (the level-1 heading). */
function PageBar({ titleKey }) {
	const { t } = useTranslation();
	const goBack = useGoBack();
	return /* @__PURE__ */ jsxs("div", {
		className: "page-bar",
		children: [
			/* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button page-bar__back",
				"aria-label": t("back"),
				onClick: goBack,
				children: /* @__PURE__ */ jsx(Icon, {
					name: "chevron-right",
					className: "icon--flip"
				})
			}),
			/* @__PURE__ */ jsx("h1", {
				className: "page-bar__title",
				children: t(titleKey)
			}),
			/* @__PURE__ */ jsx("span", {
				className: "page-bar__spacer",
				"aria-hidden": "true"
			})
		]
	});
}
// src/app/shell/app-header.tsx
/** The title key of a page's header: the spec's header title, else the route title. */
function pageTitleKey(pathname, firstTimeLogin = false) {
	const explicit = headerTitleKey(pathname, { firstTimeLogin });
	if (explicit) return explicit;
	const route = routeFor(pathname);
	return route ? ROUTE_TITLES[route.id] : ROUTE_TITLES.home;
}
/** Logged in on home: account, total balance (refresh, hide), deposit shortcut. */
function MemberStrip() {
	const { t } = useTranslation();
	const { dispatch } = useRuntimeActions();
	const userName = useRuntimeState((state) => state.session?.userName);
	const wallet = useMemberState((data) => data.wallet);
	const walletLoading = useMemberState((data) => data.walletLoading);
	const hidden = useBalanceHidden();
	const balanceText = hidden ? "****" : walletLoading || !wallet ? "--" : `${wallet.currencySymbol}${formatBalance(wallet.sumBalance)}`;
	return /* @__PURE__ */ jsxs("div", {
		className: "header-strip header-strip--member",
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "header-strip__account",
				children: [/* @__PURE__ */ jsx("span", {
					className: "header-strip__name",
					children: userName
				}), /* @__PURE__ */ jsxs("span", {
					className: "header-strip__balance",
					children: [/* @__PURE__ */ jsx("span", {
						className: "visually-hidden",
						children: t("total_balance")
					}), /* @__PURE__ */ jsx("output", {
						className: "header-strip__amount",
						"aria-busy": walletLoading,
						"data-testid": "header-balance",
						children: balanceText
					})]
				})]
			}),
			/* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button",
				"aria-label": t("refresh_balance"),
				disabled: walletLoading,
				onClick: () => void refreshMemberWallet(),
				children: /* @__PURE__ */ jsx(Icon, {
					name: "refresh",
					className: walletLoading ? "icon--spin" : void 0
				})
			}),
			/* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button",
				"aria-label": t(hidden ? "show_balance" : "hide_balance"),
				"aria-pressed": hidden,
				onClick: () => dispatch("toggleBalance"),
				children: /* @__PURE__ */ jsx(Icon, { name: hidden ? "eye-off" : "eye" })
			}),
			/* @__PURE__ */ jsxs(Link, {
				className: "pill pill--accent",
				to: "/m/voucherCenter",
				children: [/* @__PURE__ */ jsx(Icon, { name: "deposit" }), /* @__PURE__ */ jsx("span", { children: t("deposit") })]
			})
		]
	});
}
/** Logged out on home: log in, and register when DIRECTREG3 is on. */
function VisitorStrip() {
	const { t } = useTranslation();
	const gateContext = useGateContext();
	return /* @__PURE__ */ jsxs("div", {
		className: "header-strip header-strip--visitor",
		children: [/* @__PURE__ */ jsxs(Link, {
			className: "pill pill--light",
			to: LOGIN_PATH,
			children: [/* @__PURE__ */ jsx(Icon, { name: "login" }), /* @__PURE__ */ jsx("span", { children: t("login") })]
		}), gateContext.flags.DIRECTREG3 === true ? /* @__PURE__ */ jsxs(Link, {
			className: "pill pill--accent",
			to: REGISTER_PATH,
			children: [/* @__PURE__ */ jsx(Icon, { name: "register" }), /* @__PURE__ */ jsx("span", { children: t("register") })]
		}) : null]
	});
}
function MessageIcon() {
	const { t } = useTranslation();
	const unreadMessages = useMemberState((data) => data.unreadMessages);
	return /* @__PURE__ */ jsxs(Link, {
		className: "icon-button header-message",
		to: "/m/webEmail",
		"aria-label": t("message_center"),
		children: [/* @__PURE__ */ jsx(Icon, { name: "mail" }), unreadMessages > 0 ? /* @__PURE__ */ jsx("span", {
			className: "header-message__dot",
			"data-testid": "unread-dot",
			children: /* @__PURE__ */ jsx("span", {
				className: "visually-hidden",
				children: unreadMessages
			})
		}) : null]
	});
}
function HomeHeader() {
	const tenant = useTenant();
	const session = useRuntimeState((state) => state.session !== null);
	return /* @__PURE__ */ jsxs("header", {
		className: "app-header app-header--home",
		children: [/* @__PURE__ */ jsxs("div", {
			className: "app-header__row",
			children: [/* @__PURE__ */ jsxs("h1", {
				className: "app-header__brand",
				children: [/* @__PURE__ */ jsx("img", {
					className: "app-header__logo",
					src: `/m/brand/${tenant.brand.logo}`,
					alt: "",
					height: 32
				}), /* @__PURE__ */ jsx("span", {
					className: "app-header__name",
					children: tenant.brand.name
				})]
			}), /* @__PURE__ */ jsxs("div", {
				className: "app-header__actions",
				children: [
					session ? /* @__PURE__ */ jsx(MessageIcon, {}) : null,
					/* @__PURE__ */ jsx(LanguageSwitcher, {}),
					/* @__PURE__ */ jsx(Slot, {
						slot: tenant.screens.shell.slots.headerMenu,
						path: "screens.shell.slots.headerMenu"
					})
				]
			})]
		}), session ? /* @__PURE__ */ jsx(MemberStrip, {}) : /* @__PURE__ */ jsx(VisitorStrip, {})]
	});
}
/** The app header: home's brand header, or a back arrow with the page title elsewhere. */
function AppHeader() {
	const { pathname } = useLocation();
	const firstTimeLogin = useRuntimeState((state) => state.session?.firstTimeLogin === true);
	if (isHome(pathname)) return /* @__PURE__ */ jsx(HomeHeader, {});
	return /* @__PURE__ */ jsx("header", {
		className: "app-header app-header--page",
		children: /* @__PURE__ */ jsx(PageBar, { titleKey: pageTitleKey(pathname, firstTimeLogin) })
	});
}
// src/app/shell/chrome.tsx
var StatusView = lazy(() => import("./assets/status-views-Du-jAg5D.js"));
function prefersReducedMotion() {
	try {
		return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
	} catch {
		return false;
	}
}
/** Fades the page in on page changes, except the first page and the page a back swipe leads to. */
function usePageFade(pathname) {
	const pageRef = useRef(null);
	const firstPage = useRef(true);
	const swiped = useRef(false);
	useLayoutEffect(() => {
		if (firstPage.current) {
			firstPage.current = false;
			return;
		}
		if (swiped.current) {
			swiped.current = false;
			return;
		}
		if (prefersReducedMotion()) return;
		pageRef.current?.animate?.([{ opacity: 0 }, { opacity: 1 }], {
			duration: 300,
			easing: "ease-out"
		});
	}, [pathname]);
	const skipNextFade = () => {
		swiped.current = true;
	};
	return {
		pageRef,
		skipNextFade
	};
}
/**
* The shell around every page: the title, the header, the page (fading on page changes, back on a
* swipe from the left edge), the footer; or the maintenance or restricted view when the startup
* settings say so. A free-trial member's taps on member-centre links stay where they are.
*/
function ShellChrome({ view, children }) {
	const location = useLocation();
	const { t } = useTranslation();
	const tenant = useTenant();
	const session = useSessionInfo();
	const install = useInstallMode();
	const pathname = normalisePath(location.pathname);
	const { pageRef, skipNextFade } = usePageFade(pathname);
	const goBack = useGoBack();
	const touchStart = useRef(null);
	const onTouchStart = (e) => {
		const touch = e.touches[0];
		touchStart.current = e.touches.length === 1 && touch ? {
			x: touch.clientX,
			y: touch.clientY
		} : null;
	};
	const onTouchEnd = (e) => {
		const start = touchStart.current;
		touchStart.current = null;
		const touch = e.changedTouches[0];
		if (!start || !touch || isHome(pathname)) return;
		if (!isBackSwipe(start, {
			x: touch.clientX,
			y: touch.clientY
		})) return;
		skipNextFade();
		goBack();
	};
	const onClickCapture = (e) => {
		if (!isTrialMember(session?.type)) return;
		const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
		if (!link || !isMemberCentre(link.getAttribute("href") ?? "")) return;
		e.preventDefault();
		e.stopPropagation();
		toastOnce("free_reject", NOTICE_2S_MS);
	};
	const tallIphone = useClientValue(() => isTallIphoneShell({
		userAgent: navigator.userAgent,
		screenHeight: window.screen?.height ?? 0,
		install
	}), false);
	const showHeader = view === "app" && !isHeaderHidden(pathname);
	const showFooter = !isFooterHidden(pathname);
	const title = isHome(pathname) ? tenant.brand.name : `${t(pageTitleKey(pathname, session?.firstTimeLogin === true))} | ${tenant.brand.name}`;
	let body;
	if (view === "restricted") body = /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(StatusView, { view: "restricted" })
	});
	else if (view === "maintenance" && pathname !== MAINTENANCE_PATH) body = /* @__PURE__ */ jsx(Navigate, {
		to: MAINTENANCE_PATH,
		replace: true
	});
	else if (session?.mustChangePassword && pathname !== "/m/changePsw") body = /* @__PURE__ */ jsx(Navigate, {
		to: CHANGE_PASSWORD_ROUTE,
		replace: true
	});
	else body = /* @__PURE__ */ jsxs(Fragment$1, { children: [
		showHeader ? /* @__PURE__ */ jsx(AppHeader, {}) : null,
		/* @__PURE__ */ jsx("div", {
			className: "page",
			ref: pageRef,
			children: /* @__PURE__ */ jsx(Suspense, {
				fallback: /* @__PURE__ */ jsx("div", {
					className: "page-loading",
					"aria-hidden": "true"
				}),
				children: /* @__PURE__ */ jsx(Outlet, {})
			})
		}),
		showFooter ? /* @__PURE__ */ jsx("footer", {
			className: "app-footer",
			children: /* @__PURE__ */ jsx(Slot, {
				slot: tenant.screens.shell.slots.footer,
				path: "screens.shell.slots.footer"
			})
		}) : null
	] });
	const classes = [
		"shell",
		showFooter ? "shell--with-footer" : "",
		tallIphone ? "shell--tall-iphone" : ""
	].filter(Boolean).join(" ");
	return /* @__PURE__ */ jsxs("div", {
		className: classes,
		onClickCapture,
		onTouchStart,
		onTouchEnd,
		children: [
			/* @__PURE__ */ jsx("title", { children: title }),
			body,
			children
		]
	});
}
// src/app/shell/dialog-host.tsx
var LoginDialog = lazy(() => import("./assets/login-dialog-BtDz_Ho4.js"));
var ReferralDialog = lazy(() => import("./assets/referral-dialog-Bda3chwI.js"));
var LanguageDialog = lazy(() => import("./assets/language-dialog-_IGsUMmz.js"));
/** Shows the dialog the dialog store names: login, referral (members only) or language. */
function DialogHost() {
	const dialog = useOpenDialog();
	const userName = useRuntimeState((state) => state.session?.userName);
	const account = useMemberState((data) => data.member?.account);
	useEffect(() => closeDialog, []);
	return /* @__PURE__ */ jsxs(Suspense, {
		fallback: null,
		children: [
			dialog === "login" ? /* @__PURE__ */ jsx(LoginDialog, { onClose: closeDialog }) : null,
			dialog === "referral" && userName !== void 0 ? /* @__PURE__ */ jsx(ReferralDialog, {
				code: account ?? userName,
				onClose: closeDialog
			}) : null,
			dialog === "language" ? /* @__PURE__ */ jsx(LanguageDialog, { onClose: closeDialog }) : null
		]
	});
}
// src/app/shell/feedback-host.tsx
var ConfirmDialog = lazy(() => import("./assets/confirm-dialog-D0hiOMG9.js"));
/** Renders the feedback store once for the whole app: toasts, the loading indicator, the confirm dialog. */
function FeedbackHost() {
	const { i18n } = useTranslation();
	const { toasts, loading, dialog } = useSnapshot(feedbackStore, { sync: true });
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [
		/* @__PURE__ */ jsx("div", {
			className: "toasts",
			role: "status",
			"aria-live": "polite",
			children: toasts.map((toast) => /* @__PURE__ */ jsx("p", {
				className: "toast",
				children: runtimeText(i18n, toast.key, toast.params)
			}, toast.id))
		}),
		loading !== null ? /* @__PURE__ */ jsx("div", {
			className: "loading-mask",
			role: "status",
			"aria-live": "assertive",
			"aria-busy": "true",
			children: /* @__PURE__ */ jsxs("div", {
				className: "loading-box",
				children: [/* @__PURE__ */ jsx("span", {
					className: "spinner",
					"aria-hidden": "true"
				}), /* @__PURE__ */ jsx("span", {
					className: "loading-box__text",
					children: runtimeText(i18n, loading || "loading")
				})]
			})
		}) : null,
		dialog ? /* @__PURE__ */ jsx(Suspense, {
			fallback: null,
			children: /* @__PURE__ */ jsx(ConfirmDialog, {})
		}) : null
	] });
}
// src/app/shell/member-data-host.tsx
var MemberDataLoader = lazy(() => import("./assets/member-data-loader-BhdQBqYE.js"));
/** Member types that see agent pages (spec section 6: 0, 4 and 40 do not). */
var NON_AGENT_TYPES = [
	0,
	4,
	40
];
/** Loads the logged-in member's data into the member store; nothing for a visitor. */
function MemberDataHost() {
	const { i18n } = useTranslation();
	const tenant = useTenant();
	const token = useRuntimeState((state) => state.session?.token);
	const type = useRuntimeState((state) => state.session?.type);
	if (token === void 0 || type === void 0) return null;
	return /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(MemberDataLoader, {
			token,
			lang: currentLanguageCode(i18n, tenant),
			agent: !NON_AGENT_TYPES.includes(type)
		})
	});
}
// src/app/root-layout.tsx
/**
* The app shell, inside the router: the providers, then the chrome around the page with the hosts
* that live inside it (feedback, the dialog store's dialog, the member data loader). The startup
* settings decide between the app and the maintenance or restricted view.
*/
function RootLayout({ config }) {
	const settings = useMemo(() => effectiveSettings(config), [config]);
	const view = startupView(settings.status);
	return /* @__PURE__ */ jsx(Providers, {
		config,
		referralOn: settings.promotions.includes("REFERRAL"),
		children: /* @__PURE__ */ jsxs(ShellChrome, {
			view,
			children: [
				/* @__PURE__ */ jsx(FeedbackHost, {}),
				/* @__PURE__ */ jsx(DialogHost, {}),
				view === "app" ? /* @__PURE__ */ jsx(MemberDataHost, {}) : null
			]
		})
	});
}
// src/app/route-error.tsx
/** Last resort when a whole route fails (a widget failing is contained by the renderer instead). */
function RouteError() {
	const { t } = useTranslation();
	return /* @__PURE__ */ jsxs("main", {
		className: "screen screen--error",
		role: "alert",
		children: [/* @__PURE__ */ jsx("h1", {
			className: "screen__title",
			children: t("unknown_error")
		}), /* @__PURE__ */ jsx("a", {
			className: "screen__action",
			href: "/m/home",
			children: t("home")
		})]
	});
}
// src/components/use-sticky.ts
/** True while the element's top is within 100 px of the viewport top (spec section 4: sticky header). */
function useSticky(ref, offset = 100) {
	const [sticky, setSticky] = useState(false);
	useEffect(() => {
		const el = ref.current;
		if (!el) return;
		let frame = 0;
		const measure = () => {
			frame = 0;
			setSticky(isStickyActive(el.getBoundingClientRect().top, offset));
		};
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(measure);
		};
		measure();
		window.addEventListener("scroll", onScroll, { passive: true });
		window.addEventListener("resize", onScroll, { passive: true });
		return () => {
			cancelAnimationFrame(frame);
			window.removeEventListener("scroll", onScroll);
			window.removeEventListener("resize", onScroll);
		};
	}, [ref, offset]);
	return sticky;
}
// src/features/home/screens/home-screen.tsx
/**
* Home: the shell draws the header and the footer; the page holds the extra top block (the
* tenant's quick buttons, sticky once it nears the top) and then the tenant's home blocks in
* their order (screens.home.slots.main: download bar, notice bar, banners, hot matches, jackpot,
* winners, category menu, floating service buttons, announcement popup). Each block loads its
* heavy parts lazily, so the first load stays within its budget.
*/
function HomeScreen() {
	const { tenant, session } = useRuntime();
	const topRef = useRef(null);
	const sticky = useSticky(topRef);
	useEffect(() => {
		window.scrollTo(0, 0);
	}, []);
	useSessionRenewal(session?.token);
	return /* @__PURE__ */ jsxs("main", {
		className: "screen screen--home",
		children: [/* @__PURE__ */ jsx("div", {
			ref: topRef,
			className: sticky ? "home-top home-top--sticky" : "home-top",
			children: /* @__PURE__ */ jsx(Slot, {
				slot: tenant.screens.home.slots.quickButtons,
				path: "screens.home.slots.quickButtons"
			})
		}), /* @__PURE__ */ jsx("div", {
			className: "home-blocks",
			children: /* @__PURE__ */ jsx(Slot, {
				slot: tenant.screens.home.slots.main,
				path: "screens.home.slots.main"
			})
		})]
	});
}
// src/app/screen-modules.tsx
/**
* The screen modules the route manifest names, by id. Only home is in the first load; every
* other screen is its own chunk, loaded by the router (route.lazy) before the route renders.
*/
var SCREEN_MODULES = {
	home: { Component: HomeScreen },
	memberCentre: {
		load: async () => (await import("./assets/member-centre-screen-DGxI3N-2.js")).default,
		files: ["src/features/account/screens/member-centre-screen.tsx"]
	},
	gameList: {
		load: async () => (await import("./assets/game-list-screen-C6Pbq70z.js")).default,
		files: ["src/features/games/screens/game-list-screen.tsx"]
	},
	launchGame: {
		load: async () => (await import("./assets/launch-screen-vR5Ih02o.js")).default,
		files: ["src/features/games/screens/launch-screen.tsx"]
	},
	startLottery: {
		load: async () => {
			const [{ default: LaunchScreen }, { default: GameListScreen }] = await Promise.all([import("./assets/launch-screen-vR5Ih02o.js"), import("./assets/game-list-screen-C6Pbq70z.js")]);
			return function StartLottery() {
				const { search } = useLocation();
				return new URLSearchParams(search).get("vendor") ? /* @__PURE__ */ jsx(LaunchScreen, {}) : /* @__PURE__ */ jsx(GameListScreen, {});
			};
		},
		files: ["src/features/games/screens/launch-screen.tsx", "src/features/games/screens/game-list-screen.tsx"]
	},
	maintenance: {
		load: async () => {
			const { default: StatusView } = await import("./assets/status-views-Du-jAg5D.js");
			return function MaintenanceScreen() {
				return /* @__PURE__ */ jsx(StatusView, { view: "maintenance" });
			};
		},
		files: ["src/app/shell/status-views.tsx"]
	}
};
// src/app/router.tsx
/** An alias keeps its query string when it lands on the canonical path (/m/member/home?x -> /m/mine?x). */
function RedirectTo({ to }) {
	const { search, hash } = useLocation();
	return /* @__PURE__ */ jsx(Navigate, {
		to: {
			pathname: to,
			search,
			hash
		},
		replace: true
	});
}
/** A route for some member types only: anyone else is sent home, replacing the entry. */
function RequireMemberType({ types, children }) {
	const { session } = useRuntime();
	if (!useHydrated()) return PAGE_LOADING;
	if (!session || !types.includes(session.type)) return /* @__PURE__ */ jsx(Navigate, {
		to: HOME_PATH$1,
		replace: true
	});
	return /* @__PURE__ */ jsx(Fragment$1, { children });
}
/** A screen behind the guard its manifest entry names. */
function Guarded({ route, children }) {
	const screen = route.memberTypes ? /* @__PURE__ */ jsx(RequireMemberType, {
		types: route.memberTypes,
		children
	}) : children;
	switch (route.guard) {
		case "session": return /* @__PURE__ */ jsx(RequireSession, { children: screen });
		case "memberCentre": return /* @__PURE__ */ jsx(MemberCentreGuard, { children: screen });
		default: return /* @__PURE__ */ jsx(Fragment$1, { children: screen });
	}
}
/** The page while a screen's chunk loads on a first visit (as the shell's own page fallback). */
var PAGE_LOADING = /* @__PURE__ */ jsx("div", {
	className: "page-loading",
	"aria-hidden": "true"
});
function isGuarded(route) {
	return (route.guard ?? "visitor") !== "visitor" || route.memberTypes !== void 0;
}
/**
* A route whose screen loads with it (route.lazy). A guarded route renders its guard around the
* screen's child route, so on a first visit the guard decides while the chunk is still loading
* (a visitor on /m/set goes home at once, as before).
*/
function lazyScreen(route, load) {
	const screen = {
		hydrateFallbackElement: PAGE_LOADING,
		lazy: async () => ({ Component: await load() })
	};
	if (!isGuarded(route)) return screen;
	return {
		element: /* @__PURE__ */ jsx(Guarded, {
			route,
			children: /* @__PURE__ */ jsx(Outlet, {})
		}),
		children: [{
			...screen,
			index: true
		}]
	};
}
/**
* What a route renders: the tenant's node tree for it when the entry names a tenant screen this
* tenant has, else its screen module, else the empty-state placeholder under its title.
*/
function screenRoute(route, config) {
	if (route.screen !== void 0 && config.tenant.screens[route.screen]) return lazyScreen(route, async () => {
		const { default: SlotScreen } = await import("./assets/slot-screen-B-chR715.js");
		return function RouteSlotScreen() {
			return /* @__PURE__ */ jsx(SlotScreen, { route });
		};
	});
	if (route.module !== void 0) {
		const screenModule = SCREEN_MODULES[route.module];
		if ("load" in screenModule) return lazyScreen(route, screenModule.load);
		const { Component } = screenModule;
		return { element: /* @__PURE__ */ jsx(Guarded, {
			route,
			children: /* @__PURE__ */ jsx(Component, {})
		}) };
	}
	return lazyScreen(route, async () => {
		const { default: PlaceholderScreen } = await import("./assets/placeholder-screen-C10Gie97.js");
		return function RoutePlaceholder() {
			return /* @__PURE__ */ jsx(PlaceholderScreen, { titleKey: route.title });
		};
	});
}
/** React Router matches "/m" and "/m/" alike: collapse them so each path is declared once. */
function normalise(path) {
	return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
/**
* The route objects for every path of a route manifest, canonical and alias. A route the tenant's
* whitelist does not name leads home (its aliases too, through the canonical path).
*/
function appRoutes(config, manifest = ROUTES) {
	const whitelist = config.tenant.routes.whitelist;
	const seen = /* @__PURE__ */ new Set();
	const children = [];
	const add = (path, route) => {
		const p = normalise(path);
		if (seen.has(p)) return;
		seen.add(p);
		children.push({
			...route,
			path: p
		});
	};
	for (const route of manifest) {
		const allowed = isRouteAllowed(route.path, whitelist);
		add(route.path, allowed ? screenRoute(route, config) : { element: /* @__PURE__ */ jsx(Navigate, {
			to: HOME_PATH$1,
			replace: true
		}) });
		for (const alias of route.aliases ?? []) add(alias, { element: /* @__PURE__ */ jsx(RedirectTo, { to: route.path }) });
	}
	children.push({
		path: "*",
		element: /* @__PURE__ */ jsx(Navigate, {
			to: HOME_PATH$1,
			replace: true
		})
	});
	return [{
		element: /* @__PURE__ */ jsx(RootLayout, { config }),
		errorElement: /* @__PURE__ */ jsx(RouteError, {}),
		children
	}];
}
// src/entry-server.tsx
/**
* Server rendering: the same router, renderer and widgets as the browser, rendered for one
* request's tenant, route and language into index.html's #root. `prerender` waits for lazy
* routes and lazy widgets, so the HTML holds their content rather than their fallbacks.
*/
async function streamToString(stream) {
	const chunks = [];
	for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
	return Buffer.concat(chunks).toString("utf8");
}
/** React writes hoistable elements (<title>, <link>, <meta>) first; they belong in <head>. */
var HOISTED = /^(?:<title>[\s\S]*?<\/title>|<link\b[^>]*\/?>|<meta\b[^>]*\/?>)/;
function splitHead(markup) {
	let head = "";
	let rest = markup;
	for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
		head += m[0];
		rest = rest.slice(m[0].length);
	}
	return {
		head,
		html: rest
	};
}
/**
* Renders one page: `url` is the request's full URL, `language` the tenant language code to
* render in, `pageData` the API answers to render with (and where wanted keys are noted).
*/
async function render(url, config, language, pageData) {
	const handler = createStaticHandler(appRoutes(config));
	const context = await handler.query(new Request(url));
	if (context instanceof Response) return {
		html: "",
		head: "",
		redirect: context.headers.get("location") ?? void 0,
		modules: [],
		widgets: []
	};
	const widgets = /* @__PURE__ */ new Set();
	const noting = {
		...pageData,
		widget: (name) => widgets.add(name)
	};
	const router = createStaticRouter(handler.dataRoutes, context);
	const i18n = await setupI18n(config.tenant, { language });
	const { prelude } = await prerenderToNodeStream(/* @__PURE__ */ jsx(StrictMode, { children: /* @__PURE__ */ jsx(PageDataProvider, {
		value: noting,
		children: /* @__PURE__ */ jsx(I18nextProvider, {
			i18n,
			children: /* @__PURE__ */ jsx(StaticRouterProvider, {
				router,
				context,
				hydrate: false
			})
		})
	}) }), { progressiveChunkSize: Number.POSITIVE_INFINITY });
	return {
		...splitHead(await streamToString(prelude)),
		modules: screenFiles(new URL(url).pathname),
		widgets: [...widgets]
	};
}
/** The source modules of a path's lazy screen (as the router loads them). */
function screenFiles(pathname) {
	const route = routeFor(pathname);
	if (!route) return [];
	if (route.module !== void 0) {
		const screen = SCREEN_MODULES[route.module];
		return "files" in screen ? [...screen.files] : [];
	}
	return route.screen !== void 0 ? ["src/app/screens/slot-screen.tsx"] : ["src/app/screens/placeholder-screen.tsx"];
}
export { writeItem as A, showToast as B, useSessionRenewal as C, readItem as D, setSession as E, feedbackStore as F, joinedDays as G, request as H, hasText as I, referralLink as K, hideLoading as L, LOADING_TIMEOUT_MS as M, TOAST_SHORT_MS as N, readJson as O, confirmDialog as P, runtimeText as R, openExternal as S, sessionStore as T, HOME_PATH$1 as U, ApiFailure as V, isHeaderHidden as W, usePageUserAgent as _, useLanguageChange as a, useClientValue as b, readPath as c, Icon as d, HOME_PATH as f, usePageAnswer as g, effectiveSettings as h, useContentLanguage as i, validateRememberedLogin as j, removeItem as k, clearMemberData as l, REGISTER_PATH as m, LanguageOptions as n, Slot as o, LOGIN_PATH as p, startupView as q, currentLanguageCode as r, render, useRendererEnv as s, PageBar as t, setMemberData as u, useRuntime as v, passwordChanged as w, useHydrated as x, useStartup as y, showLoading as z };
