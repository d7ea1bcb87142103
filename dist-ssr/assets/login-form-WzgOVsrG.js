import { a as login, i as demandsCaptcha, o as loginFreePlay, r as sendSmsCode, s as startSession, t as useSmsCountdown } from "./sms-countdown-BZe9bgjp.js";
import { _ as TextField, a as SocialLogin, b as useCaptcha, c as useAccountContext, f as checkField, g as PasswordField, i as SmsCodeField, l as checkCaptcha, m as checkSmsCode, n as CaptchaField, o as failureField, r as MobileNumberField, s as failureMessage, t as AccountFormHostContext } from "./form-fields-CIMhb1dU.js";
import { i as writeRememberedLogin, n as readRememberedLogin, t as clearRememberedLogin } from "./remembered-login-Ba1PMWVR.js";
import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { a as hideLoading, o as showLoading } from "./feedback-epjTtoKD.js";
import { a as FormError, i as usePending, n as useLanguageRevalidation, r as SubmitButton, t as useFieldForm } from "./use-field-form-H7YinS4I.js";
import { n as useFormTabs, t as FormTabs } from "./form-tabs-SenbyKew.js";
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// widgets/login-form/login-form.tsx
var FIELDS_BY_MODE = {
	username: [
		"username",
		"password",
		"captcha"
	],
	sms: [
		"mobile",
		"smsCode",
		"captcha"
	]
};
/** A server field pointer, per mode, to the form field showing it. */
var SERVER_FIELDS = {
	username: {
		username: "username",
		password: "password",
		captcha: "captcha"
	},
	sms: {
		username: "mobile",
		password: "smsCode",
		captcha: "captcha"
	}
};
var CAPTCHA_ERRORS = /* @__PURE__ */ new Set(["captcha.required", "captcha.invalid"]);
var MODE_TABS = [{
	value: "username",
	label: "login_with_username"
}, {
	value: "sms",
	label: "login_with_mobile"
}];
var HOME_ROUTE = "/m/home";
var LOGIN_ROUTE = "/m/login";
var REGISTER_ROUTE = "/m/register";
var FORGET_ROUTE = "/m/forget";
function rememberedValues(mode) {
	const record = readRememberedLogin(mode);
	if (!record) return mode === "username" ? {
		username: "",
		password: ""
	} : { mobile: "" };
	return mode === "username" ? {
		username: record.username,
		password: record.password
	} : {
		mobile: record.username,
		dialCode: record.countryDialingCode
	};
}
function validator(rules, captchaShown) {
	return (field, v) => {
		switch (field) {
			case "username": return checkField(rules, "loginUsername", v.username);
			case "password": return checkField(rules, "loginPassword", v.password);
			case "mobile": return checkField(rules, "loginMobileNum", v.mobile, { required: true });
			case "smsCode": return checkSmsCode(rules, v.smsCode);
			case "captcha": return checkCaptcha(v.captcha, captchaShown, "login");
		}
	};
}
function LoginForm({ freeTrial = true, navigation = true, redirectTo = HOME_ROUTE, onDone: onDoneProp }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const { pathname } = useLocation();
	const host = useContext(AccountFormHostContext);
	const onDone = onDoneProp ?? host.onDone;
	const account = useAccountContext();
	const { settings, flags, rules } = account;
	const mobileLogin = settings.mobileCodeLogin === true;
	const [mode, setMode] = useState("username");
	const tabs = useFormTabs("login", mode, mobileLogin);
	const [dialCode, setDialCode] = useState(account.countryDialingCode);
	const [remember, setRemember] = useState(true);
	const [captchaShown, setCaptchaShown] = useState(false);
	const pending = usePending();
	const [formError, setFormError] = useState(null);
	const captcha = useCaptcha(captchaShown);
	const countdown = useSmsCountdown();
	const form = useFieldForm(() => ({
		username: "",
		password: "",
		mobile: "",
		smsCode: "",
		captcha: "",
		...rememberedValues("username")
	}), validator(rules, captchaShown));
	useLanguageRevalidation(form.revalidateFilled);
	const refreshCaptcha = () => {
		captcha.refresh();
		form.replaceValues({ captcha: "" });
		form.setError("captcha", null);
	};
	const switchMode = (next) => {
		if (next === mode) return;
		setMode(next);
		setFormError(null);
		form.clearErrors();
		const { dialCode: rememberedDial, ...values } = rememberedValues(next);
		form.replaceValues({
			...values,
			smsCode: ""
		});
		if (next === "sms") setDialCode(rememberedDial ?? account.countryDialingCode);
		if (captchaShown) refreshCaptcha();
	};
	const done = () => {
		if (onDone) onDone();
		else if (pathname === "/m/login") navigate(redirectTo, { replace: true });
	};
	const sendCode = () => {
		if (form.checkAll(["mobile"])) return;
		countdown.send(() => sendSmsCode(form.values.mobile, dialCode));
	};
	const submit = () => {
		setFormError(null);
		const fields = FIELDS_BY_MODE[mode].filter((f) => f !== "captcha" || captchaShown);
		if (form.checkAll(fields)) return;
		const v = form.values;
		const payload = mode === "username" ? {
			type: "username",
			username: v.username,
			password: v.password
		} : {
			type: "sms",
			username: v.mobile,
			password: v.smsCode,
			countryDialingCode: dialCode
		};
		if (captchaShown && captcha.captcha) {
			payload.captcha = v.captcha;
			payload.captchaId = captcha.captcha.captchaId;
		}
		return logIn(payload, v);
	};
	const logIn = async (payload, v) => {
		showLoading();
		try {
			const session = await login(payload);
			hideLoading();
			startSession(session, account.merchantCode, mode === "username" ? v.password : null);
			if (remember) writeRememberedLogin(mode === "username" ? {
				type: "username",
				username: v.username,
				password: v.password
			} : {
				type: "sms",
				username: v.mobile,
				password: "",
				countryDialingCode: dialCode
			});
			else clearRememberedLogin(mode);
			done();
		} catch (err) {
			hideLoading();
			if (err instanceof ApiFailure && demandsCaptcha(err.value) && !captchaShown) setCaptchaShown(true);
			else if (captchaShown) refreshCaptcha();
			const message = failureMessage(err);
			const serverField = failureField(err);
			const field = err instanceof ApiFailure && CAPTCHA_ERRORS.has(err.errorCode) ? "captcha" : serverField ? SERVER_FIELDS[mode][serverField] : void 0;
			if (field && (field !== "captcha" || captchaShown)) {
				form.setError(field, message);
				form.focus(field);
			} else setFormError(message);
		}
	};
	const startTrial = async () => {
		setFormError(null);
		showLoading();
		try {
			const session = await loginFreePlay();
			hideLoading();
			startSession(session, account.trialMerchantCode, null);
			onDone?.();
			navigate(HOME_ROUTE, { replace: true });
		} catch (err) {
			hideLoading();
			setFormError(failureMessage(err));
		}
	};
	return /* @__PURE__ */ jsxs("div", {
		className: "account-form login-form",
		children: [
			/* @__PURE__ */ jsx(FormTabs, {
				state: tabs,
				tabs: MODE_TABS,
				onSelect: switchMode
			}),
			/* @__PURE__ */ jsxs("form", {
				className: "account-form__body login-form__form",
				noValidate: true,
				...tabs.panel,
				children: [
					mode === "username" ? /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(TextField, {
						...form.bind("username"),
						label: "username",
						autoComplete: "username",
						autoCapitalize: "off",
						spellCheck: false,
						required: true
					}), /* @__PURE__ */ jsx(PasswordField, {
						...form.bind("password"),
						label: "password",
						autoComplete: "current-password",
						required: true
					})] }) : /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(MobileNumberField, {
						...form.bind("mobile"),
						dialCode,
						defaultDialCode: account.countryDialingCode,
						dialCodes: account.dialingCodes,
						onDialCodeChange: setDialCode,
						required: true
					}), /* @__PURE__ */ jsx(SmsCodeField, {
						...form.bind("smsCode"),
						countdown,
						onSend: sendCode,
						required: true
					})] }),
					captchaShown ? /* @__PURE__ */ jsx(CaptchaField, {
						...form.bind("captcha"),
						captcha,
						onRefresh: refreshCaptcha,
						required: true
					}) : null,
					/* @__PURE__ */ jsxs("label", {
						className: "account-form__check",
						children: [/* @__PURE__ */ jsx("input", {
							type: "checkbox",
							checked: remember,
							onChange: (e) => setRemember(e.target.checked)
						}), t("remember_password")]
					}),
					/* @__PURE__ */ jsx(FormError, { error: formError }),
					/* @__PURE__ */ jsx(SubmitButton, {
						className: "account-form__submit",
						onSubmit: submit,
						pending,
						children: t("login")
					}),
					freeTrial ? /* @__PURE__ */ jsx("button", {
						type: "button",
						className: "account-form__secondary",
						onClick: () => void pending.run(startTrial),
						disabled: pending.busy,
						children: t("free_trial")
					}) : null
				]
			}),
			/* @__PURE__ */ jsx(SocialLogin, {
				flags,
				settings
			}),
			navigation ? /* @__PURE__ */ jsxs("ul", {
				className: "account-form__links login-form__links",
				children: [
					/* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, {
						to: HOME_ROUTE,
						children: t("home")
					}) }),
					/* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, {
						to: REGISTER_ROUTE,
						children: t("register_now")
					}) }),
					/* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, {
						to: FORGET_ROUTE,
						children: t("forgot_password")
					}) }),
					/* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx("a", {
						href: settings.customerService.url,
						target: "_blank",
						rel: "noopener noreferrer",
						children: t("online_service")
					}) })
				]
			}) : null
		]
	});
}
export { FORGET_ROUTE, HOME_ROUTE, LOGIN_ROUTE, REGISTER_ROUTE, LoginForm as default };
