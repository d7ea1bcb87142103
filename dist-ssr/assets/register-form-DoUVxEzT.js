import { r as request, t as ApiFailure } from "./client-7PKTKQkC.js";
import { r as sendSmsCode, s as startSession, t as useSmsCountdown } from "./sms-countdown-BZe9bgjp.js";
import { _ as TextField, a as SocialLogin, b as useCaptcha, c as useAccountContext, f as checkField, g as PasswordField, i as SmsCodeField, l as checkCaptcha, m as checkSmsCode, n as CaptchaField, o as failureField, p as checkRegisterConfirm, r as MobileNumberField, s as failureMessage, y as useRegisterSettings } from "./form-fields-CIMhb1dU.js";
import { a as hideLoading, o as showLoading, s as showToast } from "./feedback-epjTtoKD.js";
import { a as FormError, n as useLanguageRevalidation, r as SubmitButton, t as useFieldForm } from "./use-field-form-H7YinS4I.js";
import { n as useFormTabs, t as FormTabs } from "./form-tabs-SenbyKew.js";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
// src/features/account/api/affiliate.ts
/** Affiliate (invitation) codes: GET /wps/affiliate/check with code and domain (schemas/api/affiliate.json). */
var AFFILIATE_CHECK_PATH = "/wps/affiliate/check";
/** Resolves with the normalised code when it is valid on the domain; rejects (affiliate.invalid) otherwise. */
function checkAffiliate(code, domain) {
	return request("GET", AFFILIATE_CHECK_PATH, { query: {
		code,
		domain
	} });
}
/** True / false once the check answered; undefined while unknown (no code, or still asking). */
async function isAffiliateValid(code, domain) {
	try {
		await checkAffiliate(code, domain);
		return true;
	} catch {
		return false;
	}
}
/** The validity of a code from the URL, checked once per code and domain. */
function useAffiliateCheck(code, domain) {
	const { data } = useSWR(code ? [
		AFFILIATE_CHECK_PATH,
		code,
		domain
	] : null, () => isAffiliateValid(code, domain), {
		revalidateOnFocus: false,
		revalidateOnReconnect: false,
		revalidateIfStale: false
	});
	return { valid: code ? data : false };
}
// src/features/account/api/register.ts
var REGISTER_PATH = "/wps/member/register";
/** Registers a member and opens its session. */
function registerMember(payload) {
	return request("PUT", REGISTER_PATH, {
		body: payload,
		encrypt: true
	});
}
/** The registerMethod of the payload for how the page is run. */
function registerMethodFor(install) {
	switch (install) {
		case "app": return "APP";
		case "pwa": return "PWA";
		case "webclip": return "WEBCLIP";
		default: return "H5";
	}
}
// src/tenant/registration-fields.ts
/**
* Optional registration fields governed by the tenant's registration field config (enabled /
* required): one list for the register form and the server that enforces the same config.
*/
var CONFIGURED_REGISTRATION_FIELDS = [
	"affiliateCode",
	"paymentPassword",
	"recommenderId",
	"nickname",
	"payeeName",
	"email",
	"idNumber",
	"qqNum",
	"facebook",
	"wechat",
	"line",
	"whatsapp",
	"zalo"
];
// widgets/register-form/register-form.tsx
var METHOD_TABS = [{
	value: "username",
	label: "username"
}, {
	value: "mobile",
	label: "mobile_number"
}];
/** Optional fields the registration settings switch on and off, in the order they show. */
var CONFIGURED_FIELDS = CONFIGURED_REGISTRATION_FIELDS;
var ALL_FIELDS = [
	"username",
	"password",
	"confirmPassword",
	"mobileNum",
	"verificationCode",
	...CONFIGURED_FIELDS,
	"captcha"
];
/** Label keys; handles of messaging apps are brand names, the same in every language. */
var LABEL_KEYS = {
	username: "username",
	password: "password",
	confirmPassword: "confirm_password",
	mobileNum: "mobile_number",
	verificationCode: "verification_code",
	affiliateCode: "affiliate_code",
	paymentPassword: "payment_password",
	recommenderId: "recommender_id",
	nickname: "nickname",
	payeeName: "payee_name",
	email: "email",
	idNumber: "id_number",
	captcha: "captcha"
};
var BRAND_LABELS = {
	qqNum: "QQ",
	facebook: "Facebook",
	wechat: "WeChat",
	line: "LINE",
	whatsapp: "WhatsApp",
	zalo: "Zalo"
};
var INPUT_PROPS = {
	username: {
		autoComplete: "username",
		autoCapitalize: "off",
		spellCheck: false
	},
	email: {
		type: "email",
		autoComplete: "email",
		inputMode: "email"
	},
	paymentPassword: {
		type: "password",
		inputMode: "numeric",
		autoComplete: "off"
	},
	nickname: { autoComplete: "nickname" },
	payeeName: { autoComplete: "name" },
	whatsapp: {
		type: "tel",
		inputMode: "tel"
	},
	zalo: {
		type: "tel",
		inputMode: "numeric"
	},
	qqNum: { inputMode: "numeric" }
};
var DEFAULT_AFFILIATE_PARAMS = [
	"affiliateCode",
	"affCode",
	"aff",
	"code",
	"inviteCode"
];
var LOGIN_ROUTE = "/m/login";
var AGREEMENT_ROUTE = "/m/useragreement";
/** Spec section 4: username by default; mobile when only mobile registration is on. */
function defaultMethod(settings) {
	return settings.mobileRegistration && !settings.usernameRegistration ? "mobile" : "username";
}
/** The fields a method shows, in order, with whether each is required. */
function visibleFields(settings, method, showAffiliate) {
	const cfg = settings.fields;
	const on = (name) => cfg[name]?.enabled === true;
	const req = (name) => cfg[name]?.enabled === true && cfg[name]?.required === true;
	const out = [];
	if (method === "username") {
		const verify = req("verificationCode");
		out.push({
			field: "username",
			required: true
		}, {
			field: "password",
			required: true
		}, {
			field: "confirmPassword",
			required: true
		});
		if (on("mobileNum") || verify) out.push({
			field: "mobileNum",
			required: verify || req("mobileNum")
		});
		if (on("verificationCode")) out.push({
			field: "verificationCode",
			required: verify
		});
	} else {
		out.push({
			field: "mobileNum",
			required: true
		});
		if (settings.mobileVerification) out.push({
			field: "verificationCode",
			required: true
		});
		if (settings.mobilePassword) out.push({
			field: "password",
			required: true
		}, {
			field: "confirmPassword",
			required: true
		});
	}
	for (const name of CONFIGURED_FIELDS) {
		if (!on(name) || name === "affiliateCode" && !showAffiliate) continue;
		out.push({
			field: name,
			required: req(name)
		});
	}
	if (settings.captcha.enabled) out.push({
		field: "captcha",
		required: true
	});
	return out;
}
function validator(rules, visible) {
	const required = new Map(visible.map((v) => [v.field, v.required]));
	return (field, v) => {
		if (!required.has(field)) return null;
		const isRequired = required.get(field) === true;
		switch (field) {
			case "username": return checkField(rules, "username", v.username, { required: true });
			case "confirmPassword": return checkRegisterConfirm(v.password, v.confirmPassword);
			case "verificationCode": return checkSmsCode(rules, v.verificationCode, isRequired);
			case "captcha": return checkCaptcha(v.captcha, true, "register");
			default: return checkField(rules, field, v[field], { required: isRequired });
		}
	};
}
function affiliateFromUrl(params, names) {
	for (const name of names) {
		const value = params.get(name)?.trim();
		if (value) return value;
	}
	return null;
}
/** Server errors without a field pointer that still belong to one field. */
var ERROR_FIELDS = {
	"username.exists": "username",
	"mobile.exists": "mobileNum",
	"captcha.required": "captcha",
	"captcha.invalid": "captcha",
	"affiliate.invalid": "affiliateCode",
	"recommender.invalid": "recommenderId",
	"sms.code.invalid": "verificationCode"
};
function RegisterForm({ redirectTo = "/m/home", affiliateParams = DEFAULT_AFFILIATE_PARAMS }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const account = useAccountContext();
	const { rules, flags } = account;
	const info = account.startup.info ?? {};
	const { settings: fetched } = useRegisterSettings(info.register);
	const domain = typeof window === "undefined" ? "" : window.location.hostname;
	const settings = fetched ?? {
		enabled: flags.USERNAMEREG3 === true || flags.MOBILENUMREG3 === true,
		usernameRegistration: flags.USERNAMEREG3 === true,
		mobileRegistration: flags.MOBILENUMREG3 === true,
		mobileVerification: flags.REGMOBVERF3 === true,
		mobilePassword: flags.MOBILENUMPASSREG3 === true,
		fields: account.tenant.settings.registration.fields,
		captcha: account.tenant.settings.registration.captcha,
		ageLimit: account.settings.ageLimit,
		countryDialingCode: account.countryDialingCode,
		dialingCodes: account.dialingCodes
	};
	const bothMethods = settings.usernameRegistration && settings.mobileRegistration;
	const [searchParams] = useSearchParams();
	const urlCode = affiliateFromUrl(searchParams, affiliateParams);
	const { valid: urlCodeValid } = useAffiliateCheck(urlCode, domain);
	const showAffiliate = urlCode === null ? true : urlCodeValid === false;
	const [chosenMethod, setMethod] = useState(null);
	const method = bothMethods ? chosenMethod ?? defaultMethod(settings) : defaultMethod(settings);
	const tabs = useFormTabs("register", method, bothMethods);
	const [dialCode, setDialCode] = useState(settings.countryDialingCode || account.countryDialingCode);
	const [agree, setAgree] = useState(true);
	const [formError, setFormError] = useState(null);
	const captcha = useCaptcha(settings.captcha.enabled);
	const countdown = useSmsCountdown();
	const visible = visibleFields(settings, method, showAffiliate);
	const shown = new Set(visible.map((v) => v.field));
	const form = useFieldForm(() => Object.fromEntries(ALL_FIELDS.map((f) => [f, ""])), validator(rules, visible));
	useLanguageRevalidation(form.revalidateFilled);
	const refreshCaptcha = () => {
		captcha.refresh();
		form.replaceValues({ captcha: "" });
		form.setError("captcha", null);
	};
	const switchMethod = (next) => {
		if (next === method) return;
		setMethod(next);
		form.clearErrors();
		setFormError(null);
	};
	const sendCode = () => {
		if (form.checkAll(["mobileNum"])) return;
		countdown.send(() => sendSmsCode(form.values.mobileNum, dialCode));
	};
	const submit = () => {
		if (!agree) return;
		setFormError(null);
		if (form.checkAll(visible.map((v) => v.field))) return;
		return register(form.values);
	};
	const register = async (v) => {
		const typedAffiliate = shown.has("affiliateCode") ? v.affiliateCode.trim() : "";
		showLoading();
		try {
			if (typedAffiliate && !urlCodeValid && !await isAffiliateValid(typedAffiliate, domain)) {
				hideLoading();
				form.setError("affiliateCode", { key: "invitation_code_error" });
				form.focus("affiliateCode");
				return;
			}
			const payload = {
				type: 0,
				registerMethod: registerMethodFor(account.install),
				registerUrl: window.location.host,
				domain,
				countryDialingCode: dialCode
			};
			for (const { field } of visible) {
				if (field === "captcha" || field === "affiliateCode") continue;
				if (v[field] !== "") payload[field] = field === "email" ? v.email.trim() : v[field];
			}
			const affiliateCode = urlCodeValid && urlCode ? urlCode : typedAffiliate;
			if (affiliateCode) payload.affiliateCode = affiliateCode;
			if (settings.captcha.enabled && captcha.captcha) {
				payload.captcha = v.captcha;
				payload.captchaId = captcha.captcha.captchaId;
			}
			const session = await registerMember(payload);
			hideLoading();
			showToast("in_registered_successfully");
			startSession(session, account.merchantCode, payload.password ?? null);
			navigate(redirectTo, { replace: true });
		} catch (err) {
			hideLoading();
			if (settings.captcha.enabled) refreshCaptcha();
			const message = failureMessage(err);
			const named = failureField(err);
			const field = named && shown.has(named) ? named : err instanceof ApiFailure ? ERROR_FIELDS[err.errorCode] : void 0;
			if (field && shown.has(field)) {
				form.setError(field, message);
				form.focus(field);
			} else setFormError(message);
		}
	};
	const renderField = ({ field, required }) => {
		const common = {
			...form.bind(field),
			label: LABEL_KEYS[field] ?? field,
			labelText: BRAND_LABELS[field],
			required
		};
		switch (field) {
			case "password": return /* @__PURE__ */ jsx(PasswordField, {
				...common,
				autoComplete: "new-password",
				onValueChange: (value) => form.setValue("password", value, ["confirmPassword"])
			});
			case "confirmPassword": return /* @__PURE__ */ jsx(PasswordField, {
				...common,
				autoComplete: "new-password"
			});
			case "mobileNum": return /* @__PURE__ */ jsx(MobileNumberField, {
				...common,
				dialCode,
				defaultDialCode: settings.countryDialingCode || account.countryDialingCode,
				dialCodes: settings.dialingCodes,
				onDialCodeChange: setDialCode
			});
			case "verificationCode": return /* @__PURE__ */ jsx(SmsCodeField, {
				...common,
				countdown,
				onSend: sendCode
			});
			case "captcha": return /* @__PURE__ */ jsx(CaptchaField, {
				...common,
				captcha,
				onRefresh: refreshCaptcha
			});
			default: return /* @__PURE__ */ jsx(TextField, {
				...common,
				...INPUT_PROPS[field]
			});
		}
	};
	if (!settings.enabled) return /* @__PURE__ */ jsxs("div", {
		className: "account-form register-form",
		children: [/* @__PURE__ */ jsx("p", {
			className: "account-form__note",
			children: t("no_permission")
		}), /* @__PURE__ */ jsx(Link, {
			className: "register-form__login",
			to: LOGIN_ROUTE,
			children: t("already_have_account")
		})]
	});
	return /* @__PURE__ */ jsxs("div", {
		className: "account-form register-form",
		children: [
			/* @__PURE__ */ jsx(FormTabs, {
				state: tabs,
				tabs: METHOD_TABS,
				onSelect: switchMethod
			}),
			/* @__PURE__ */ jsxs("form", {
				className: "account-form__body register-form__form",
				noValidate: true,
				...tabs.panel,
				children: [
					visible.map((v) => /* @__PURE__ */ jsx(Fragment, { children: renderField(v) }, v.field)),
					/* @__PURE__ */ jsxs("div", {
						className: "register-form__terms",
						children: [/* @__PURE__ */ jsxs("label", {
							className: "account-form__check",
							children: [/* @__PURE__ */ jsx("input", {
								type: "checkbox",
								checked: agree,
								onChange: (e) => setAgree(e.target.checked)
							}), t("age_confirm", { age: account.settings.ageLimit })]
						}), /* @__PURE__ */ jsx(Link, {
							to: AGREEMENT_ROUTE,
							children: t("user_agreement")
						})]
					}),
					/* @__PURE__ */ jsx(FormError, { error: formError }),
					/* @__PURE__ */ jsx(SubmitButton, {
						className: "account-form__submit",
						onSubmit: submit,
						disabled: !agree,
						children: t("register")
					})
				]
			}),
			/* @__PURE__ */ jsx(SocialLogin, {
				flags,
				settings: account.settings
			}),
			/* @__PURE__ */ jsx(Link, {
				className: "register-form__login",
				to: LOGIN_ROUTE,
				children: t("already_have_account")
			})
		]
	});
}
export { AGREEMENT_ROUTE, DEFAULT_AFFILIATE_PARAMS, LOGIN_ROUTE, RegisterForm as default, defaultMethod, visibleFields };
