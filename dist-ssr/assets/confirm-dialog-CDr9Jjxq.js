import { i as feedbackStore } from "./feedback-epjTtoKD.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { jsx, jsxs } from "react/jsx-runtime";
// src/app/shell/confirm-dialog.tsx
/** The feedback store's confirm dialog (lazy: only loaded the first time something asks). */
function ConfirmDialog() {
	const { t } = useTranslation();
	const titleId = useId();
	const messageId = useId();
	const { dialog } = useSnapshot(feedbackStore);
	if (!dialog) return null;
	const answer = (confirmed) => feedbackStore.dialog?.resolve(confirmed);
	const cancelable = dialog.cancelKey !== void 0;
	return /* @__PURE__ */ jsxs(Modal, {
		role: "alertdialog",
		labelledBy: dialog.titleKey ? titleId : messageId,
		describedBy: dialog.titleKey ? messageId : void 0,
		onDismiss: () => answer(false),
		className: "confirm-dialog",
		children: [
			dialog.titleKey ? /* @__PURE__ */ jsx("h2", {
				id: titleId,
				className: "modal__title",
				children: t(dialog.titleKey)
			}) : null,
			/* @__PURE__ */ jsx("p", {
				id: messageId,
				className: "modal__message",
				children: t(dialog.messageKey, dialog.params)
			}),
			/* @__PURE__ */ jsxs("div", {
				className: "modal__actions",
				children: [cancelable ? /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "button button--secondary",
					onClick: () => answer(false),
					children: t(dialog.cancelKey ?? "cancel")
				}) : null, /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "button button--primary",
					onClick: () => answer(true),
					children: t(dialog.confirmKey)
				})]
			})
		]
	}, dialog.id);
}
export { ConfirmDialog as default };
