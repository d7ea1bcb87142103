import { d as Icon, n as LanguageOptions } from "../entry-server.js";
import { t as Modal } from "./modal-B77u6TYu.js";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
// src/app/shell/language-dialog.tsx
/** The language list as a dialog, for the `language` item action (pages without the header switcher). */
function LanguageDialog({ onClose }) {
	const { t } = useTranslation();
	const titleId = useId();
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: titleId,
		onDismiss: onClose,
		className: "language-dialog",
		children: [/* @__PURE__ */ jsxs("div", {
			className: "modal__head",
			children: [/* @__PURE__ */ jsx("h2", {
				id: titleId,
				className: "modal__title",
				children: t("language")
			}), /* @__PURE__ */ jsx("button", {
				type: "button",
				className: "icon-button modal__close",
				"aria-label": t("close"),
				onClick: onClose,
				children: /* @__PURE__ */ jsx(Icon, { name: "close" })
			})]
		}), /* @__PURE__ */ jsx(LanguageOptions, { onChosen: onClose })]
	});
}
export { LanguageDialog as default };
