import { s as showToast } from "./feedback-epjTtoKD.js";
import { d as Icon, j as referralLink } from "../entry-server.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
// src/app/shell/referral-dialog.tsx
async function copyText(text) {
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		return false;
	}
}
/** Referral / link management: the member's share link to registration, with a copy button. */
function ReferralDialog({ code, onClose }) {
	const { t } = useTranslation();
	const titleId = useId();
	const fieldId = useId();
	const [link] = useState(() => referralLink(window.location.host, code));
	const copy = async () => {
		if (await copyText(link)) showToast("copied");
	};
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: titleId,
		onDismiss: onClose,
		className: "referral-dialog",
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "modal__head",
				children: [/* @__PURE__ */ jsx("h2", {
					id: titleId,
					className: "modal__title",
					children: t("referral")
				}), /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "icon-button modal__close",
					"aria-label": t("close"),
					onClick: onClose,
					children: /* @__PURE__ */ jsx(Icon, { name: "close" })
				})]
			}),
			/* @__PURE__ */ jsx("label", {
				className: "field__label",
				htmlFor: fieldId,
				children: t("invite_friends")
			}),
			/* @__PURE__ */ jsx("input", {
				id: fieldId,
				className: "field__input referral-dialog__link",
				readOnly: true,
				value: link,
				onFocus: (e) => e.currentTarget.select()
			}),
			/* @__PURE__ */ jsx("div", {
				className: "modal__actions",
				children: /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "button button--primary",
					onClick: () => void copy(),
					children: t("copy")
				})
			})
		]
	});
}
export { ReferralDialog as default };
