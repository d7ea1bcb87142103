import { useEffect, useRef, useState } from "react";
import { jsx } from "react/jsx-runtime";
// src/components/modal.tsx
var FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=\"hidden\"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";
function focusables(root) {
	return [...root.querySelectorAll(FOCUSABLE)].filter((el) => !el.hasAttribute("hidden") && el.getAttribute("aria-hidden") !== "true");
}
/**
* The one dialog frame: a mask that ignores clicks for its first 300 ms (the tap that opened it
* must not close it), focus moved inside and trapped there, Escape dismisses, and focus returns
* to where it was when the dialog closes. Centred cards, sheets and panels all open through it.
*/
function Modal({ labelledBy, describedBy, onDismiss, role = "dialog", className, frame, initialFocus = "first", children }) {
	const panelRef = useRef(null);
	const [openedAt] = useState(() => Date.now());
	const dismiss = useRef(onDismiss);
	const focusPanel = useRef(initialFocus === "panel");
	useEffect(() => {
		dismiss.current = onDismiss;
	});
	useEffect(() => {
		const panel = panelRef.current;
		if (!panel) return;
		const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
		((focusPanel.current ? null : focusables(panel)[0]) ?? panel).focus();
		const onKeyDown = (e) => {
			if (e.key === "Escape") {
				e.preventDefault();
				e.stopPropagation();
				dismiss.current();
				return;
			}
			if (e.key !== "Tab") return;
			const items = focusables(panel);
			if (items.length === 0) {
				e.preventDefault();
				panel.focus();
				return;
			}
			const first = items[0];
			const last = items[items.length - 1];
			const active = document.activeElement;
			if (e.shiftKey && (active === first || !panel.contains(active))) {
				e.preventDefault();
				last.focus();
			} else if (!e.shiftKey && (active === last || !panel.contains(active))) {
				e.preventDefault();
				first.focus();
			}
		};
		document.addEventListener("keydown", onKeyDown, true);
		return () => {
			document.removeEventListener("keydown", onKeyDown, true);
			if (previous?.isConnected) previous.focus();
		};
	}, []);
	const onMaskClick = (e) => {
		if (e.target !== e.currentTarget) return;
		if (Date.now() - openedAt < 300) return;
		dismiss.current();
	};
	return /* @__PURE__ */ jsx("div", {
		className: frame?.mask ?? "modal-mask",
		role: "presentation",
		onClick: onMaskClick,
		"data-testid": "modal-mask",
		children: /* @__PURE__ */ jsx("div", {
			ref: panelRef,
			className: [frame?.panel ?? "modal", className].filter(Boolean).join(" "),
			role,
			"aria-modal": "true",
			"aria-labelledby": labelledBy,
			"aria-describedby": describedBy,
			tabIndex: -1,
			children
		})
	});
}
export { Modal as t };
