import { a as login, r as sendSmsCode, s as startSession, t as useSmsCountdown } from "./sms-countdown-BZe9bgjp.js";
import { r as setPasswordByPhone } from "./security-e_3_2NwM.js";
import { c as useAccountContext, f as checkField, g as PasswordField, i as SmsCodeField, m as checkSmsCode, r as MobileNumberField, s as failureMessage, t as AccountFormHostContext } from "./form-fields-CIMhb1dU.js";
import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { a as hideLoading, o as showLoading, s as showToast } from "./feedback-epjTtoKD.js";
import { a as FormError, n as useLanguageRevalidation, r as SubmitButton, t as useFieldForm } from "./use-field-form-H7YinS4I.js";
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/set-password-sms-form/set-password-sms-form.tsx
var FIELDS = [
	"mobileNum",
	"verificationCode",
	"password"
];
var PASSWORD_SET_TOAST_MS = 1e3;
function validator(rules) {
	return (field, v) => {
		switch (field) {
			case "mobileNum": return checkField(rules, "mobileNum", v.mobileNum, { required: true });
			case "verificationCode": return checkSmsCode(rules, v.verificationCode);
			case "password": return checkField(rules, "password", v.password, { required: true });
		}
	};
}
function SetPasswordSmsForm({ redirectTo, onDone: onDoneProp }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const host = useContext(AccountFormHostContext);
	const onDone = onDoneProp ?? host.onDone;
	const account = useAccountContext();
	const [dialCode, setDialCode] = useState(account.countryDialingCode);
	const [formError, setFormError] = useState(null);
	const [changed, setChanged] = useState({});
	const countdown = useSmsCountdown();
	const validate = validator(account.rules);
	const form = useFieldForm(() => ({
		mobileNum: "",
		verificationCode: "",
		password: ""
	}), validate);
	useLanguageRevalidation(form.revalidateFilled);
	const change = (field, value) => {
		setChanged((c) => c[field] ? c : {
			...c,
			[field]: true
		});
		form.setValue(field, value);
	};
	const allTouched = FIELDS.every((f) => changed[f] || form.touched[f]);
	const anyError = FIELDS.some((f) => validate(f, form.values) !== null);
	const blocked = !allTouched || anyError;
	const sendCode = () => {
		if (form.checkAll(["mobileNum"])) return;
		countdown.send(() => sendSmsCode(form.values.mobileNum, dialCode));
	};
	const submit = () => {
		if (blocked) return;
		setFormError(null);
		if (form.checkAll(FIELDS)) return;
		return setPassword(form.values);
	};
	const setPassword = async ({ mobileNum, verificationCode, password }) => {
		showLoading();
		try {
			await setPasswordByPhone({
				mobileNum,
				verificationCode,
				newPassword: password,
				countryDialingCode: dialCode
			});
		} catch (err) {
			hideLoading();
			const field = err instanceof ApiFailure && err.errorCode === "modify.new.old.same" ? "password" : "verificationCode";
			form.replaceValues({ [field]: "" });
			setChanged((c) => ({
				...c,
				[field]: false
			}));
			form.setError(field, failureMessage(err));
			form.focus(field);
			return;
		}
		try {
			const session = await login({
				type: "username",
				username: mobileNum,
				password
			});
			hideLoading();
			startSession(session, account.merchantCode, password);
			showToast("change_saved", PASSWORD_SET_TOAST_MS);
			if (onDone) onDone();
			else if (redirectTo) navigate(redirectTo, { replace: true });
		} catch (err) {
			hideLoading();
			setFormError(failureMessage(err));
		}
	};
	return /* @__PURE__ */ jsx("div", {
		className: "account-form set-password-sms-form",
		children: /* @__PURE__ */ jsxs("form", {
			className: "account-form__body",
			noValidate: true,
			children: [
				/* @__PURE__ */ jsx(MobileNumberField, {
					...form.bind("mobileNum"),
					onValueChange: (value) => change("mobileNum", value),
					dialCode,
					defaultDialCode: account.countryDialingCode,
					dialCodes: account.dialingCodes,
					onDialCodeChange: setDialCode,
					required: true
				}),
				/* @__PURE__ */ jsx(SmsCodeField, {
					...form.bind("verificationCode"),
					onValueChange: (value) => change("verificationCode", value),
					countdown,
					onSend: sendCode,
					required: true
				}),
				/* @__PURE__ */ jsx(PasswordField, {
					...form.bind("password"),
					onValueChange: (value) => change("password", value),
					label: "new_password",
					autoComplete: "new-password",
					required: true
				}),
				/* @__PURE__ */ jsx(FormError, { error: formError }),
				/* @__PURE__ */ jsx(SubmitButton, {
					className: "account-form__submit",
					onSubmit: submit,
					disabled: blocked,
					children: t("submit")
				})
			]
		})
	});
}
export { PASSWORD_SET_TOAST_MS, SetPasswordSmsForm as default };
