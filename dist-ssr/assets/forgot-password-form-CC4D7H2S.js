import { a as login, n as sendResetPasswordSms, s as startSession, t as useSmsCountdown } from "./sms-countdown-BZe9bgjp.js";
import { n as forgotPasswordByEmail, r as setPasswordByPhone } from "./security-e_3_2NwM.js";
import { _ as TextField, c as useAccountContext, d as checkEmail, f as checkField, g as PasswordField, i as SmsCodeField, m as checkSmsCode, o as failureField, r as MobileNumberField, s as failureMessage } from "./form-fields-CIMhb1dU.js";
import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { a as hideLoading, o as showLoading, s as showToast } from "./feedback-epjTtoKD.js";
import { a as FormError, n as useLanguageRevalidation, r as SubmitButton, t as useFieldForm } from "./use-field-form-H7YinS4I.js";
import { n as useFormTabs, t as FormTabs } from "./form-tabs-SenbyKew.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/forgot-password-form/forgot-password-form.tsx
var METHOD_TABS = [{
	value: "phone",
	label: "by_phone"
}, {
	value: "email",
	label: "by_email"
}];
/** Spec section 9: the 'sent' message shows for 1 s, then the screen goes back. */
var SENT_TOAST_MS = 1e3;
var PASSWORD_SET_TOAST_MS = 1e3;
function emailValidator(rules) {
	return (field, v) => field === "username" ? checkField(rules, "loginUsername", v.username.trim(), { required: true }) : checkEmail(v.email);
}
function phoneValidator(rules) {
	return (field, v) => {
		switch (field) {
			case "mobileNum": return checkField(rules, "mobileNum", v.mobileNum, { required: true });
			case "verificationCode": return checkSmsCode(rules, v.verificationCode);
			case "newPassword": return checkField(rules, "password", v.newPassword, { required: true });
		}
	};
}
function EmailRecovery({ onSent }) {
	const { t } = useTranslation();
	const { rules } = useAccountContext();
	const [formError, setFormError] = useState(null);
	const form = useFieldForm(() => ({
		username: "",
		email: ""
	}), emailValidator(rules));
	useLanguageRevalidation(form.revalidateFilled);
	const submit = () => {
		setFormError(null);
		if (form.checkAll(["username", "email"])) return;
		return send();
	};
	const send = async () => {
		showLoading();
		try {
			await forgotPasswordByEmail({
				username: form.values.username.trim(),
				email: form.values.email.trim()
			});
			hideLoading();
			await showToast("in_been_out", SENT_TOAST_MS);
			onSent();
		} catch (err) {
			hideLoading();
			const field = failureField(err);
			if (field === "username" || field === "email") form.setError(field, failureMessage(err));
			else setFormError(failureMessage(err));
		}
	};
	return /* @__PURE__ */ jsxs("form", {
		className: "account-form__body forgot-password-form__email",
		noValidate: true,
		children: [
			/* @__PURE__ */ jsx(TextField, {
				...form.bind("username"),
				label: "username",
				autoComplete: "username",
				autoCapitalize: "off",
				spellCheck: false,
				required: true
			}),
			/* @__PURE__ */ jsx(TextField, {
				...form.bind("email"),
				label: "email",
				type: "email",
				inputMode: "email",
				autoComplete: "email",
				required: true
			}),
			/* @__PURE__ */ jsx(FormError, { error: formError }),
			/* @__PURE__ */ jsx(SubmitButton, {
				className: "account-form__submit",
				onSubmit: submit,
				children: t("retrieve_password")
			})
		]
	});
}
function PhoneRecovery({ onDone }) {
	const { t } = useTranslation();
	const account = useAccountContext();
	const { rules } = account;
	const [dialCode, setDialCode] = useState(account.countryDialingCode);
	const [formError, setFormError] = useState(null);
	const countdown = useSmsCountdown();
	const form = useFieldForm(() => ({
		mobileNum: "",
		verificationCode: "",
		newPassword: ""
	}), phoneValidator(rules));
	useLanguageRevalidation(form.revalidateFilled);
	const sendCode = () => {
		if (form.checkAll(["mobileNum"])) return;
		countdown.send(() => sendResetPasswordSms(form.values.mobileNum, dialCode));
	};
	const submit = () => {
		setFormError(null);
		if (form.checkAll([
			"mobileNum",
			"verificationCode",
			"newPassword"
		])) return;
		return setPassword(form.values);
	};
	const setPassword = async ({ mobileNum, verificationCode, newPassword }) => {
		showLoading();
		try {
			const { userName } = await setPasswordByPhone({
				mobileNum,
				verificationCode,
				newPassword,
				countryDialingCode: dialCode
			});
			hideLoading();
			showToast("change_saved", PASSWORD_SET_TOAST_MS);
			let loggedIn = false;
			try {
				startSession(await login({
					type: "username",
					username: userName,
					password: newPassword
				}), account.merchantCode, newPassword);
				loggedIn = true;
			} catch {}
			onDone(loggedIn);
		} catch (err) {
			hideLoading();
			const code = err instanceof ApiFailure ? err.errorCode : "";
			if (code === "modify.new.old.same") {
				form.replaceValues({ newPassword: "" });
				form.setError("newPassword", failureMessage(err));
				form.focus("newPassword");
			} else if (code === "sms.code.invalid") {
				form.replaceValues({ verificationCode: "" });
				form.setError("verificationCode", failureMessage(err));
				form.focus("verificationCode");
			} else {
				const field = failureField(err);
				if (field === "mobileNum" || field === "verificationCode" || field === "newPassword") form.setError(field, failureMessage(err));
				else setFormError(failureMessage(err));
			}
		}
	};
	return /* @__PURE__ */ jsxs("form", {
		className: "account-form__body forgot-password-form__phone",
		noValidate: true,
		children: [
			/* @__PURE__ */ jsx(MobileNumberField, {
				...form.bind("mobileNum"),
				dialCode,
				defaultDialCode: account.countryDialingCode,
				dialCodes: account.dialingCodes,
				onDialCodeChange: setDialCode,
				required: true
			}),
			/* @__PURE__ */ jsx(SmsCodeField, {
				...form.bind("verificationCode"),
				countdown,
				onSend: sendCode,
				required: true
			}),
			/* @__PURE__ */ jsx(PasswordField, {
				...form.bind("newPassword"),
				label: "new_password",
				autoComplete: "new-password",
				required: true
			}),
			/* @__PURE__ */ jsx(FormError, { error: formError }),
			/* @__PURE__ */ jsx(SubmitButton, {
				className: "account-form__submit",
				onSubmit: submit,
				children: t("set_password")
			})
		]
	});
}
function ForgotPasswordForm({ fallbackRoute = "/m/login", redirectTo = "/m/home" }) {
	const navigate = useNavigate();
	const location = useLocation();
	const { flags } = useAccountContext();
	const phoneOffered = flags.CHNGPASSVERIF3 === true;
	const [chosen, setChosen] = useState("phone");
	const method = phoneOffered ? chosen : "email";
	const tabs = useFormTabs("forgot", method, phoneOffered);
	const goBack = () => {
		if (location.key !== "default") navigate(-1);
		else navigate(fallbackRoute, { replace: true });
	};
	return /* @__PURE__ */ jsxs("div", {
		className: "account-form forgot-password-form",
		children: [/* @__PURE__ */ jsx(FormTabs, {
			state: tabs,
			tabs: METHOD_TABS,
			onSelect: setChosen
		}), /* @__PURE__ */ jsx("div", {
			...tabs.panel,
			children: method === "phone" ? /* @__PURE__ */ jsx(PhoneRecovery, { onDone: (loggedIn) => void navigate(loggedIn ? redirectTo : fallbackRoute, { replace: true }) }) : /* @__PURE__ */ jsx(EmailRecovery, { onSent: goBack })
		})]
	});
}
export { PASSWORD_SET_TOAST_MS, SENT_TOAST_MS, ForgotPasswordForm as default };
