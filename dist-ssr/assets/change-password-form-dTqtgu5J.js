import { t as ApiFailure } from "./client-7PKTKQkC.js";
import { t as changePassword } from "./security-e_3_2NwM.js";
import { _ as TextField, c as useAccountContext, f as checkField, g as PasswordField, h as newDiffersFromOld, o as failureField, s as failureMessage, u as checkChangeConfirm } from "./form-fields-CIMhb1dU.js";
import { r as refreshRememberedPassword } from "./remembered-login-Ba1PMWVR.js";
import { a as hideLoading, o as showLoading, r as confirmDialog, s as showToast, t as LOADING_TIMEOUT_MS } from "./feedback-epjTtoKD.js";
import { a as FormError, n as useLanguageRevalidation, r as SubmitButton, t as useFieldForm } from "./use-field-form-H7YinS4I.js";
import { C as readItem, E as writeItem, T as removeItem, b as passwordChanged } from "../entry-server.js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/change-password-form/change-password-form.tsx
/** Spec section 9: loading 10 s, 'Change saved' 1 s, then home after 1 s. */
var CHANGE_LOADING_MS = LOADING_TIMEOUT_MS;
var CHANGE_SAVED_MS = 1e3;
var REDIRECT_AFTER_MS = 1e3;
var SERVER_FIELDS = {
	oldPassword: "old_password",
	newPassword: "password",
	confirmNewPassword: "confimpsw"
};
function validator(rules, askOld) {
	return (field, v) => {
		switch (field) {
			case "old_password": return askOld ? checkField(rules, "loginPassword", v.old_password, { required: true }) : null;
			case "password": return checkField(rules, "password", v.password, { required: true });
			case "confimpsw": return checkChangeConfirm(v.password, v.confimpsw);
		}
	};
}
function ChangePasswordForm({ redirectTo = "/m/home" }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const { session, rules } = useAccountContext();
	const [held, setHeld] = useState(() => readItem("PSW", "session"));
	const askOld = !held;
	const [formError, setFormError] = useState(null);
	const redirect = useRef(void 0);
	const form = useFieldForm(() => ({
		old_password: "",
		password: "",
		confimpsw: ""
	}), validator(rules, askOld));
	useLanguageRevalidation(form.revalidateFilled);
	useEffect(() => () => clearTimeout(redirect.current), []);
	if (!session) return /* @__PURE__ */ jsx(Navigate, {
		to: redirectTo,
		replace: true
	});
	const submit = () => {
		setFormError(null);
		const fields = askOld ? [
			"old_password",
			"password",
			"confimpsw"
		] : ["password", "confimpsw"];
		if (form.checkAll(fields)) return;
		const oldPassword = held ?? form.values.old_password;
		const newPassword = form.values.password;
		if (!newDiffersFromOld(oldPassword, newPassword)) {
			confirmDialog({
				messageKey: "new_old_password_same",
				confirmKey: "ok"
			}).then(() => form.focus("password"));
			return;
		}
		return change(oldPassword, newPassword);
	};
	const change = async (oldPassword, newPassword) => {
		showLoading("in_please_wait", CHANGE_LOADING_MS);
		try {
			await changePassword({
				oldPassword,
				newPassword,
				confirmNewPassword: form.values.confimpsw
			});
			hideLoading();
			showToast("change_saved", CHANGE_SAVED_MS);
			removeItem("PSW", "session");
			writeItem("PSW", newPassword, "session");
			passwordChanged();
			setHeld(newPassword);
			refreshRememberedPassword(session.userName, newPassword);
			await new Promise((resolve) => {
				redirect.current = setTimeout(resolve, REDIRECT_AFTER_MS);
			});
			navigate(redirectTo, { replace: true });
		} catch (err) {
			hideLoading();
			const named = failureField(err);
			let field = named ? SERVER_FIELDS[named] : void 0;
			if (err instanceof ApiFailure && err.errorCode === "modify.new.old.same") field = "password";
			if (field === "old_password" && !askOld) {
				removeItem("PSW", "session");
				setHeld(null);
			}
			if (field) {
				form.setError(field, failureMessage(err));
				form.focus(field);
			} else setFormError(failureMessage(err));
		}
	};
	return /* @__PURE__ */ jsx("div", {
		className: "account-form change-password-form",
		children: /* @__PURE__ */ jsxs("form", {
			className: "account-form__body",
			noValidate: true,
			children: [
				/* @__PURE__ */ jsx(TextField, {
					label: "username",
					name: "username",
					value: session.userName,
					onValueChange: () => void 0,
					readOnly: true,
					autoComplete: "username"
				}),
				askOld ? /* @__PURE__ */ jsx(PasswordField, {
					...form.bind("old_password"),
					label: "old_password",
					autoComplete: "current-password",
					required: true
				}) : null,
				/* @__PURE__ */ jsx(PasswordField, {
					...form.bind("password"),
					onValueChange: (value) => form.setValue("password", value, ["confimpsw"]),
					label: "new_password",
					autoComplete: "new-password",
					required: true
				}),
				/* @__PURE__ */ jsx(PasswordField, {
					...form.bind("confimpsw"),
					label: "confirm_password",
					autoComplete: "new-password",
					required: true
				}),
				/* @__PURE__ */ jsx(FormError, { error: formError }),
				/* @__PURE__ */ jsx(SubmitButton, {
					className: "account-form__submit",
					onSubmit: submit,
					children: t("confirm")
				})
			]
		})
	});
}
export { CHANGE_LOADING_MS, CHANGE_SAVED_MS, REDIRECT_AFTER_MS, ChangePasswordForm as default };
