import { t as useMemberInfo } from "./member-u_S7ijLW.js";
import { A as joinedDays, O as HOME_PATH, c as readPath, d as Icon, g as useRuntime, o as Slot, y as useSessionRenewal } from "../entry-server.js";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// src/renderer/select-variant.ts
/**
* The variant a screen renders: the case for the selecting setting's value, else the default
* (spec section 4: mobileTemplate.mem_cen "1" selects the new member centre). Undefined when the
* screen has no variants.
*/
function selectVariant(screen, settings) {
	const variant = screen.variant;
	if (!variant) return void 0;
	const value = readPath(settings, variant.setting);
	if (value === void 0 || value === null) return variant.default;
	const key = String(value);
	return Object.prototype.hasOwnProperty.call(variant.cases, key) ? variant.cases[key] : variant.default;
}
// src/features/account/screens/member-centre-screen.tsx
/** The API has no VIP level yet: every member shows the entry level. */
var ENTRY_LEVEL = 0;
var BENEFITS_PATH = "/m/member/benefits";
var MEMBER_HOME_PATH = "/m/member/home";
var SETTINGS_PATH = "/m/set";
/** Logged in: account, level and days since registration; opens VIP benefits when that setting is on. */
function ProfileCard() {
	const { t } = useTranslation();
	const { session, gateContext } = useRuntime();
	const { data: member } = useMemberInfo(session?.token);
	const to = gateContext.settings.vipBenefit === true ? BENEFITS_PATH : MEMBER_HOME_PATH;
	return /* @__PURE__ */ jsxs(Link, {
		className: "mc-card",
		to,
		"data-testid": "member-card",
		children: [
			/* @__PURE__ */ jsx("span", {
				className: "mc-card__avatar",
				"aria-hidden": "true",
				children: /* @__PURE__ */ jsx(Icon, { name: "user" })
			}),
			/* @__PURE__ */ jsxs("span", {
				className: "mc-card__body",
				children: [/* @__PURE__ */ jsx("span", {
					className: "mc-card__account",
					children: member?.account ?? session?.userName
				}), /* @__PURE__ */ jsxs("span", {
					className: "mc-card__meta",
					children: [/* @__PURE__ */ jsx("span", {
						className: "mc-card__level",
						children: t("level_label", { level: ENTRY_LEVEL })
					}), member ? /* @__PURE__ */ jsx("span", {
						className: "mc-card__joined",
						children: t("joined_days", { count: joinedDays(member.regDate) })
					}) : null]
				})]
			}),
			/* @__PURE__ */ jsx("span", {
				className: "mc-card__chevron",
				"aria-hidden": "true",
				children: /* @__PURE__ */ jsx(Icon, { name: "chevron-right" })
			})
		]
	});
}
/** Logged out: one prompt that opens the login dialog. */
function LoginPrompt() {
	const { t } = useTranslation();
	const { requireLogin } = useRuntime();
	return /* @__PURE__ */ jsxs("button", {
		type: "button",
		className: "mc-card mc-card--prompt",
		onClick: requireLogin,
		children: [
			/* @__PURE__ */ jsx("span", {
				className: "mc-card__avatar",
				"aria-hidden": "true",
				children: /* @__PURE__ */ jsx(Icon, { name: "user" })
			}),
			/* @__PURE__ */ jsx("span", {
				className: "mc-card__body",
				children: /* @__PURE__ */ jsx("span", {
					className: "mc-card__account",
					children: t("login_or_register")
				})
			}),
			/* @__PURE__ */ jsx("span", {
				className: "mc-card__chevron",
				"aria-hidden": "true",
				children: /* @__PURE__ */ jsx(Icon, { name: "chevron-right" })
			})
		]
	});
}
/**
* Member centre (/m/mine, /m/member/home). Layout variant by mobileTemplate.mem_cen ("1": the new
* card layout, else the base banner layout); tiles and the gated list come from the tenant.
*/
function MemberCentreScreen() {
	const { t } = useTranslation();
	const { tenant, session, gateContext, requireLogin } = useRuntime();
	const screen = tenant.screens.mine;
	const variant = selectVariant(screen, gateContext.settings) ?? "base";
	useSessionRenewal(session?.token);
	const onSettings = (e) => {
		if (session) return;
		e.preventDefault();
		requireLogin();
	};
	return /* @__PURE__ */ jsxs("div", {
		className: `member-centre member-centre--${variant}`,
		"data-variant": variant,
		children: [/* @__PURE__ */ jsxs("header", {
			className: "mc-top",
			children: [/* @__PURE__ */ jsxs("div", {
				className: "mc-bar",
				children: [
					/* @__PURE__ */ jsx(Link, {
						className: "icon-button",
						to: HOME_PATH,
						"aria-label": t("back"),
						children: /* @__PURE__ */ jsx(Icon, {
							name: "chevron-right",
							className: "icon--flip"
						})
					}),
					/* @__PURE__ */ jsx("h1", {
						className: "mc-bar__title",
						children: t("member_centre")
					}),
					/* @__PURE__ */ jsx(Link, {
						className: "icon-button",
						to: SETTINGS_PATH,
						"aria-label": t("settings"),
						onClick: onSettings,
						children: /* @__PURE__ */ jsx(Icon, { name: "settings" })
					})
				]
			}), /* @__PURE__ */ jsx("div", {
				className: "mc-profile",
				children: session ? /* @__PURE__ */ jsx(ProfileCard, {}) : /* @__PURE__ */ jsx(LoginPrompt, {})
			})]
		}), /* @__PURE__ */ jsxs("main", {
			className: "mc-main",
			children: [/* @__PURE__ */ jsx("div", {
				className: "mc-tiles",
				children: /* @__PURE__ */ jsx(Slot, {
					slot: screen.slots.tiles,
					path: "screens.mine.slots.tiles"
				})
			}), /* @__PURE__ */ jsx("div", {
				className: "mc-list",
				children: /* @__PURE__ */ jsx(Slot, {
					slot: screen.slots.list,
					path: "screens.mine.slots.list"
				})
			})]
		})]
	});
}
export { MemberCentreScreen as default };
