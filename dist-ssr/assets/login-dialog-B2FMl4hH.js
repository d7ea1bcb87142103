import { t as AccountFormHostContext } from "./form-fields-CIMhb1dU.js";
import { d as Icon, g as useRuntime, m as REGISTER_PATH, o as Slot, p as LOGIN_PATH, s as useRendererEnv } from "../entry-server.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useEffect, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// src/app/shell/login-dialog.tsx
/** True when every node of the slot names a registered widget (the login form may not be built yet). */
function slotIsRenderable(slot, registry) {
	if (!slot || slot.order.length === 0) return false;
	return slot.order.every((id) => {
		const node = slot.items[id];
		return node !== void 0 && Object.prototype.hasOwnProperty.call(registry, node.widget);
	});
}
/**
* The member centre's login dialog: the tenant's login screen (screens.login) inside a dialog.
* It closes itself once a session exists. Without a login form widget it links to /m/login.
*/
function LoginDialog({ onClose }) {
	const { t } = useTranslation();
	const titleId = useId();
	const { tenant, session, gateContext } = useRuntime();
	const { registry } = useRendererEnv();
	useEffect(() => {
		if (session) onClose();
	}, [session, onClose]);
	const slot = tenant.screens.login?.slots.main;
	const hostValue = useMemo(() => ({ onDone: onClose }), [onClose]);
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: titleId,
		onDismiss: onClose,
		className: "modal--sheet login-dialog",
		children: [/* @__PURE__ */ jsxs("div", {
			className: "modal__head",
			children: [/* @__PURE__ */ jsx("h2", {
				id: titleId,
				className: "modal__title",
				children: t("login_or_register")
			}), /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button modal__close",
				"aria-label": t("close"),
				onClick: onClose,
				children: /* @__PURE__ */ jsx(Icon, { name: "close" })
			})]
		}), slotIsRenderable(slot, registry) ? /* @__PURE__ */ jsx("div", {
			className: "login-dialog__form",
			children: /* @__PURE__ */ jsx(AccountFormHostContext.Provider, {
				value: hostValue,
				children: /* @__PURE__ */ jsx(Slot, {
					slot,
					path: "screens.login.slots.main"
				})
			})
		}) : /* @__PURE__ */ jsxs("div", {
			className: "modal__actions",
			children: [/* @__PURE__ */ jsx(Link, {
				className: "button button--primary",
				to: LOGIN_PATH,
				onClick: onClose,
				children: t("login")
			}), gateContext.flags.DIRECTREG3 === true ? /* @__PURE__ */ jsx(Link, {
				className: "button button--secondary",
				to: REGISTER_PATH,
				onClick: onClose,
				children: t("register")
			}) : null]
		})]
	});
}
export { LoginDialog as default, slotIsRenderable };
