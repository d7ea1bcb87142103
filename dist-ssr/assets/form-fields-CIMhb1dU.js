import { d as Icon, g as useRuntime, h as effectiveSettings } from "../entry-server.js";
import { i as swrFetcher, r as request, t as ApiFailure } from "./client-7PKTKQkC.js";
import { n as TOAST_SHORT_MS, s as showToast } from "./feedback-epjTtoKD.js";
import { createContext, useCallback, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
// src/features/account/api/captcha.ts
/** Captcha resource: GET /wps/captcha gives a base64 PNG of 6 digits and its id (schemas/api/captcha.json). */
var CAPTCHA_PATH = "/wps/captcha";
function fetchCaptcha() {
	return request("GET", CAPTCHA_PATH);
}
/** The image as a data: URL for an <img>. */
function captchaImageSrc(captcha) {
	return `data:image/png;base64,${captcha.image}`;
}
/**
* A captcha for one form while `active`. Keyed per component instance: two forms never share a
* captcha, and nothing is revalidated behind the player's back (a new image would void the typed code).
*/
function useCaptcha(active) {
	const instance = useId();
	const { data, error, isLoading, isValidating, mutate } = useSWR(active ? [CAPTCHA_PATH, instance] : null, () => fetchCaptcha(), {
		revalidateOnFocus: false,
		revalidateOnReconnect: false,
		revalidateIfStale: false,
		shouldRetryOnError: false,
		dedupingInterval: 0
	});
	const refresh = useCallback(() => void mutate(), [mutate]);
	return {
		captcha: data,
		loading: isLoading || isValidating,
		failed: Boolean(error),
		refresh
	};
}
// src/features/account/api/registration.ts
/**
* Registration settings and the validation rule set (schemas/api/system.json): both are also in
* the injected startup settings, which serve as the first answer so the forms draw at once.
*/
var REGISTER_SETTINGS_PATH = "/wps/system/registerSettings";
var VALIDATION_RULES_PATH = "/wps/system/validationRules";
var options = {
	revalidateOnFocus: false,
	revalidateOnReconnect: false
};
function useRegisterSettings(fallback) {
	const { data, error } = useSWR([REGISTER_SETTINGS_PATH], swrFetcher, {
		...options,
		fallbackData: fallback
	});
	return {
		settings: data,
		error
	};
}
function useValidationRules(fallback) {
	const { data } = useSWR([VALIDATION_RULES_PATH], swrFetcher, {
		...options,
		fallbackData: fallback
	});
	return data ?? fallback ?? {};
}
// src/components/form/message.ts
/**
* Turns a message into text. A key the translation files lack (a server may add codes before the
* files catch up) shows the generic 'unknown_error' rather than a raw key.
*/
function useMessageText() {
	const { t, i18n } = useTranslation();
	return (message) => {
		if (!message) return "";
		return i18n.exists(message.key) ? t(message.key, message.params) : t("unknown_error");
	};
}
// src/components/form/text-field.tsx
/** A labelled input with its error text; required fields get an asterisk (drawn by CSS) and aria-required. */
function TextField({ label, labelText, value, onValueChange, error, inputRef, prefix, addon, hint, required, id, className, ...input }) {
	const { t } = useTranslation();
	const text = useMessageText();
	const autoId = useId();
	const inputId = id ?? `f${autoId}`;
	const errorId = `${inputId}-error`;
	const hintId = `${inputId}-hint`;
	const describedBy = [error ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ") || void 0;
	const classes = [
		"form-field",
		required ? "form-field--required" : "",
		error ? "form-field--invalid" : "",
		className ?? ""
	].filter(Boolean).join(" ");
	return /* @__PURE__ */ jsxs("div", {
		className: classes,
		children: [
			/* @__PURE__ */ jsx("label", {
				className: "form-field__label",
				htmlFor: inputId,
				children: labelText ?? t(label)
			}),
			/* @__PURE__ */ jsxs("div", {
				className: "form-field__control",
				children: [
					prefix,
					/* @__PURE__ */ jsx("input", {
						...input,
						id: inputId,
						ref: inputRef,
						className: "form-field__input",
						value,
						onChange: (e) => onValueChange(e.target.value),
						"aria-required": required || void 0,
						"aria-invalid": error ? true : void 0,
						"aria-describedby": describedBy
					}),
					addon
				]
			}),
			hint ? /* @__PURE__ */ jsx("p", {
				className: "form-field__hint",
				id: hintId,
				children: t(hint)
			}) : null,
			error ? /* @__PURE__ */ jsx("p", {
				className: "form-field__error",
				id: errorId,
				children: text(error)
			}) : null
		]
	});
}
/** A password input with a show/hide toggle. */
function PasswordField(props) {
	const { t } = useTranslation();
	const [visible, setVisible] = useState(false);
	const toggle = /* @__PURE__ */ jsx("button", {
		type: "button",
		className: "form-field__addon form-field__toggle",
		"aria-label": t(visible ? "hide_password" : "show_password"),
		"aria-pressed": visible,
		onClick: () => setVisible((v) => !v),
		children: /* @__PURE__ */ jsx(Icon, { name: visible ? "eye" : "eye-off" })
	});
	return /* @__PURE__ */ jsx(TextField, {
		autoComplete: "current-password",
		...props,
		type: visible ? "text" : "password",
		addon: toggle
	});
}
/** The forgot-password e-mail pattern: word characters, optional dotted parts, @, a domain with 2-3 letter parts. */
var EMAIL_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;
var REQUIRED = { key: "field_required" };
var isEmpty = (value) => value === void 0 || value === null || value === "";
var patternCache = /* @__PURE__ */ new Map();
/** A rule's pattern, compiled once; a pattern the browser cannot compile is treated as absent. */
function compiled(pattern) {
	let re = patternCache.get(pattern);
	if (re === void 0) {
		try {
			re = new RegExp(pattern);
		} catch {
			re = null;
		}
		patternCache.set(pattern, re);
	}
	return re;
}
/** Whether a non-empty value satisfies a rule's length bounds and pattern. */
function satisfiesRule(rule, value) {
	if (rule.min !== void 0 && value.length < rule.min) return false;
	if (rule.max !== void 0 && value.length > rule.max) return false;
	const re = compiled(rule.pattern);
	return re === null || re.test(value);
}
/**
* Checks a value against a rule. A rule not required passes when empty. Without a rule only
* `required` is checked (the server still enforces whatever it knows).
*/
function checkRule(rule, value, options = {}) {
	const required = options.required ?? rule?.required ?? false;
	if (isEmpty(value)) return required ? REQUIRED : null;
	if (!rule || satisfiesRule(rule, value)) return null;
	return { key: rule.messageKey };
}
/** Fields whose failure states the minimum length of the mobileNum rule. */
var MOBILE_FIELDS = /* @__PURE__ */ new Set(["mobileNum", "loginMobileNum"]);
/**
* The minimum length of mobile numbers, from the configured mobileNum rule: its `min`, else the
* lower bound of the first `{m,n}` or `{m}` quantifier of its expression.
*/
function mobileMinLength(rules) {
	const rule = rules.mobileNum;
	if (!rule) return void 0;
	if (rule.min !== void 0) return rule.min;
	const m = /\{(\d+)(,\d*)?\}/.exec(rule.pattern);
	return m ? Number(m[1]) : void 0;
}
/**
* Checks a field by its name in the rule set. Mobile numbers: empty and required gives
* 'mobile_required', a bad number 'mobile_min_length' with the configured minimum.
*/
function checkField(rules, name, value, options = {}) {
	const rule = rules[name];
	const result = checkRule(rule, value, options);
	if (!result || !MOBILE_FIELDS.has(name)) return result;
	if (result === REQUIRED) return { key: "mobile_required" };
	const min = mobileMinLength(rules);
	return min === void 0 ? result : {
		key: "mobile_min_length",
		params: { min }
	};
}
/** Forgot password: the e-mail (trimmed) is required, shorter than 255 and matches EMAIL_PATTERN. */
function checkEmail(value) {
	const email = value.trim();
	if (email === "") return REQUIRED;
	if (email.length >= 255) return { key: "email_too_long" };
	return EMAIL_PATTERN.test(email) ? null : { key: "in_email_incorrect" };
}
/** Register: the confirmation is required and equals the password. */
function checkRegisterConfirm(password, confirm) {
	if (isEmpty(confirm)) return { key: "in_incorrect_password" };
	return confirm === password ? null : { key: "in_confirmation_correct" };
}
/** Change password: the confirmation is required ('Enter password') and equals the new password. */
function checkChangeConfirm(newPassword, confirm) {
	if (isEmpty(confirm)) return { key: "enter_password" };
	return confirm === newPassword ? null : { key: "confirm_password_mismatch" };
}
/** Change password: the new password must differ from the old (else the 'new_old_password_same' dialog). */
function newDiffersFromOld(oldPassword, newPassword) {
	return oldPassword !== newPassword;
}
/**
* A captcha is checked only while shown: then it is required and, at login and registration,
* exactly 6 digits; elsewhere 1 to 16 characters.
*/
function checkCaptcha(value, shown, context) {
	if (!shown) return null;
	if (isEmpty(value)) return { key: "captcha_required" };
	if (context === "other") return value.length >= 1 && value.length <= 16 ? null : { key: "captcha_format" };
	return new RegExp(`^[0-9]{6}$`).test(value) ? null : { key: "captcha_digits" };
}
/** An SMS code is digits only, at most 10; then the server's verificationCode rule applies. */
function checkSmsCode(rules, value, required = true) {
	if (isEmpty(value)) return required ? REQUIRED : null;
	if (!/^[0-9]+$/.test(value) || value.length > 10) return { key: "sms_code_format" };
	return checkRule(rules.verificationCode, value, { required });
}
/** A typed mobile number never exceeds 20 characters (the input's maxLength). */
function clampMobileInput(value) {
	return value.slice(0, 20);
}
/** Keeps digits only, up to `max` (SMS code and captcha inputs). */
function digitsOnly(value, max) {
	return value.replace(/[^0-9]/g, "").slice(0, max);
}
// src/features/account/components/form-fields.tsx
/**
* The account pieces of the account form widgets (login, register, forgot password, change
* password, set password by SMS). Widgets never import each other, so what they share lives here:
* the runtime context every form reads, the messages of failed account calls, the mobile number
* with its dialing code, the SMS code with its send-code button, the captcha image and the
* social-login block. The generic parts (fields, tabs, form error, submit button) are in
* src/components/form.
*/
/**
* A host that shows an account form over another page (the member centre's login dialog) may
* provide `onDone`: the form then calls it after logging in instead of navigating.
*/
var AccountFormHostContext = createContext({});
/** What every account form reads from the runtime: settings, flags, merchant codes and the rule set. */
function useAccountContext() {
	const runtime = useRuntime();
	const { tenant, startup } = runtime;
	const settings = useMemo(() => effectiveSettings({
		tenant,
		startup
	}), [tenant, startup]);
	const info = startup.info ?? {};
	const rules = useValidationRules(startup.validation);
	return {
		tenant,
		startup,
		settings,
		flags: runtime.gateContext.flags,
		install: runtime.gateContext.install,
		session: runtime.session,
		merchantCode: typeof info.merchantCode === "string" ? info.merchantCode : tenant.merchantCode,
		trialMerchantCode: typeof info.trialMerchantCode === "string" ? info.trialMerchantCode : tenant.trialMerchantCode,
		countryDialingCode: typeof info.countryDialingCode === "string" ? info.countryDialingCode : tenant.settings.countryDialingCode,
		/** Dialing codes the site accepts for SMS (the server refuses others). */
		dialingCodes: Array.isArray(info.dialingCodes) ? info.dialingCodes : tenant.settings.dialingCodes,
		rules
	};
}
/** The message of a failed call: the field rule's key for a validation failure, else the error's key. */
function failureMessage(error) {
	if (error instanceof ApiFailure) {
		const fieldKey = error.value?.messageKey;
		return { key: typeof fieldKey === "string" ? fieldKey : error.messageKey };
	}
	return { key: "unknown_error" };
}
/** The form field a failed call names ("/username" -> "username"), if any. */
function failureField(error) {
	if (!(error instanceof ApiFailure)) return void 0;
	const pointer = error.field;
	return pointer ? pointer.replace(/^\//, "").split("/")[0] : void 0;
}
/** The captcha input (digits only) and its image; tapping the image loads a new one. */
function CaptchaField({ captcha, onRefresh, label = "captcha", onValueChange, ...field }) {
	const { t } = useTranslation();
	const image = /* @__PURE__ */ jsx("button", {
		type: "button",
		className: "form-field__addon captcha-image",
		onClick: onRefresh,
		"aria-label": t("captcha"),
		"aria-busy": captcha.loading || void 0,
		children: captcha.captcha ? /* @__PURE__ */ jsx("img", {
			src: captchaImageSrc(captcha.captcha),
			alt: "",
			width: 120,
			height: 40
		}) : /* @__PURE__ */ jsx("span", {
			className: "captcha-image__text",
			children: t(captcha.failed ? "loading_failed_retry" : "loading")
		})
	});
	return /* @__PURE__ */ jsx(TextField, {
		inputMode: "numeric",
		autoComplete: "off",
		...field,
		label,
		maxLength: 6,
		onValueChange: (value) => onValueChange(digitsOnly(value, 6)),
		addon: image
	});
}
/** The send-code button: a countdown while one runs (requests are ignored meanwhile). */
function SendCodeButton({ countdown, onSend, disabled }) {
	const { t } = useTranslation();
	const waiting = countdown.counting || countdown.sending;
	return /* @__PURE__ */ jsx("button", {
		type: "button",
		className: "form-field__addon send-code",
		onClick: () => {
			if (!waiting) onSend();
		},
		disabled: disabled || waiting,
		children: countdown.counting ? t("resend_in", { seconds: countdown.seconds }) : t("send_code")
	});
}
/** The SMS verification code (digits only) with its send-code button; it takes input once a code was sent. */
function SmsCodeField({ label = "verification_code", countdown, onSend, onValueChange, ...field }) {
	return /* @__PURE__ */ jsx(TextField, {
		inputMode: "numeric",
		autoComplete: "one-time-code",
		...field,
		label,
		maxLength: 10,
		disabled: !countdown.sent,
		onValueChange: (value) => onValueChange(digitsOnly(value, 10)),
		addon: /* @__PURE__ */ jsx(SendCodeButton, {
			countdown,
			onSend
		})
	});
}
/** A mobile number after a select of its country dialing code; input beyond the longest number is cut. */
function MobileNumberField({ label = "mobile_number", dialCode, defaultDialCode, dialCodes = [], onDialCodeChange, onValueChange, ...field }) {
	const { t } = useTranslation();
	const select = /* @__PURE__ */ jsx("select", {
		className: "form-field__select",
		"aria-label": t("country_code"),
		value: dialCode,
		onChange: (e) => onDialCodeChange(e.target.value),
		children: [.../* @__PURE__ */ new Set([
			defaultDialCode,
			...dialCodes,
			dialCode
		])].map((code) => /* @__PURE__ */ jsx("option", {
			value: code,
			children: code
		}, code))
	});
	return /* @__PURE__ */ jsx(TextField, {
		inputMode: "numeric",
		autoComplete: "tel-national",
		...field,
		label,
		type: "tel",
		maxLength: 20,
		onValueChange: (value) => onValueChange(clampMobileInput(value)),
		prefix: select
	});
}
/** Brand names are proper nouns: the same in every language, so not translation keys. */
var SOCIAL_NAMES = {
	facebook: "Facebook",
	google: "Google",
	telegram: "Telegram"
};
/**
* Social login (spec section 2): shown only when the tenant's social login is on; a social-network
* button (FACEBOOKLOGIN3), an account-provider button (GOOGLELOGIN3) and a messaging-app button
* (only with a telegram bot name). The platform API has no social-login call yet, so a tap says
* the feature is unavailable.
*/
function SocialLogin({ flags, settings }) {
	const { t } = useTranslation();
	const headingId = useId();
	if (!settings.socialLogin.enabled) return null;
	const providers = [
		flags.FACEBOOKLOGIN3 ? "facebook" : null,
		flags.GOOGLELOGIN3 ? "google" : null,
		settings.socialLogin.telegram ? "telegram" : null
	].filter((p) => p !== null);
	if (providers.length === 0) return null;
	return /* @__PURE__ */ jsxs("section", {
		className: "social-login",
		"aria-labelledby": headingId,
		children: [/* @__PURE__ */ jsx("h2", {
			className: "social-login__title",
			id: headingId,
			children: t("or_login_with")
		}), /* @__PURE__ */ jsx("ul", {
			className: "social-login__list",
			children: providers.map((p) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx("button", {
				type: "button",
				className: `social-login__button social-login__button--${p}`,
				"data-provider": p,
				onClick: () => void showToast("no_permission", TOAST_SHORT_MS),
				children: SOCIAL_NAMES[p]
			}) }, p))
		})]
	});
}
export { TextField as _, SocialLogin as a, useCaptcha as b, useAccountContext as c, checkEmail as d, checkField as f, PasswordField as g, newDiffersFromOld as h, SmsCodeField as i, checkCaptcha as l, checkSmsCode as m, CaptchaField as n, failureField as o, checkRegisterConfirm as p, MobileNumberField as r, failureMessage as s, AccountFormHostContext as t, checkChangeConfirm as u, useMessageText as v, useRegisterSettings as y };
