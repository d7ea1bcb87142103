import { t as Modal } from "./modal-B77u6TYu.js";
import { t as sanitizeHtml } from "./sanitize-D_FmEH40.js";
import { i as rememberShown, n as linkAction, r as rememberClosed } from "./popup-host-C3---IId.js";
import { v as openExternal } from "../entry-server.js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// widgets/announcement-popup/announcement-popup.tsx
/** The announcement dialog: one item at a time, sanitised HTML, prev/next, go-to and close. */
function AnnouncementPopupDialog({ items, audience, goTo, onClosed }) {
	const { t } = useTranslation();
	const navigate = useNavigate();
	const [index, setIndex] = useState(0);
	const [closing, setClosing] = useState(false);
	const closeTimer = useRef(void 0);
	const item = items[Math.min(index, items.length - 1)];
	useEffect(() => {
		rememberShown(audience, items);
	}, [audience, items]);
	useEffect(() => () => clearTimeout(closeTimer.current), []);
	/** Plays the closing animation, then stores show=false (spec section 4). */
	const close = (then) => {
		if (closing) return;
		setClosing(true);
		closeTimer.current = setTimeout(() => {
			rememberClosed(audience, items);
			onClosed();
			then?.();
		}, 200);
	};
	const onContentClick = (e) => {
		const link = e.target instanceof Element ? e.target.closest("a") : null;
		if (!link) return;
		const action = linkAction(link.getAttribute("href"));
		if (action === "default") return;
		e.preventDefault();
		const href = (link.getAttribute("href") ?? "").trim();
		if (action === "external") openExternal(href);
		else if (action === "internal") close(() => void navigate(href));
	};
	if (!item) return null;
	const many = items.length > 1;
	return /* @__PURE__ */ jsxs(Modal, {
		labelledBy: "announcement-popup-title",
		onDismiss: () => close(),
		className: closing ? "announcement-popup announcement-popup--closing" : "announcement-popup",
		children: [
			/* @__PURE__ */ jsxs("div", {
				className: "modal__head",
				children: [/* @__PURE__ */ jsx("h2", {
					id: "announcement-popup-title",
					className: "modal__title",
					children: item.title
				}), /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "icon-button modal__close",
					"aria-label": t("close"),
					onClick: () => close(),
					children: "×"
				})]
			}),
			/* @__PURE__ */ jsx("div", {
				className: "announcement-popup__content",
				onClick: onContentClick,
				dangerouslySetInnerHTML: { __html: sanitizeHtml(item.content) }
			}),
			/* @__PURE__ */ jsxs("div", {
				className: "announcement-popup__actions",
				children: [many ? /* @__PURE__ */ jsxs("div", {
					className: "announcement-popup__pager",
					children: [
						/* @__PURE__ */ jsx("button", {
							type: "button",
							className: "button button--secondary",
							onClick: () => setIndex((i) => i - 1),
							disabled: index === 0,
							children: t("prev")
						}),
						/* @__PURE__ */ jsxs("span", {
							className: "announcement-popup__page",
							"aria-live": "polite",
							children: [
								index + 1,
								"/",
								items.length
							]
						}),
						/* @__PURE__ */ jsx("button", {
							type: "button",
							className: "button button--secondary",
							onClick: () => setIndex((i) => i + 1),
							disabled: index >= items.length - 1,
							children: t("next")
						})
					]
				}) : null, /* @__PURE__ */ jsx("button", {
					type: "button",
					className: "button button--primary",
					onClick: () => close(() => void navigate(goTo)),
					children: t("go_to")
				})]
			})
		]
	});
}
export { AnnouncementPopupDialog as default };
