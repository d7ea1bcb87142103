import { useTranslation } from "react-i18next";
import { jsx } from "react/jsx-runtime";
// widgets/floating-service/floating-service.tsx
var LABELS = {
	whatsapp: "contact_whatsapp",
	viber: "contact_viber",
	facebook: "contact_facebook",
	liveChat: "live_chat"
};
/** Simple brand-neutral glyphs on a 24 grid (nothing trademarked). */
var GLYPHS = {
	whatsapp: ["M4 20l1.3-3.9A8 8 0 1 1 8 19z", "M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2z"],
	viber: ["M6 4h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-6l-4 3v-3H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", "M9 8.5c.5 2.5 2 4 4.5 4.5l1-1.2-1.5-1-.8.7a4 4 0 0 1-1.7-1.7l.7-.8-1-1.5z"],
	facebook: ["M14 8h2.5V4.5H14A3.5 3.5 0 0 0 10.5 8v2.5H8V14h2.5v6H14v-6h2.5l.5-3.5h-3V8.5a.5.5 0 0 1 .5-.5z"],
	liveChat: [
		"M4 5h16v11H9l-5 4z",
		"M8 10h.01",
		"M12 10h.01",
		"M16 10h.01"
	]
};
function Glyph({ kind }) {
	return /* @__PURE__ */ jsx("svg", {
		viewBox: "0 0 24 24",
		width: "24",
		height: "24",
		fill: "none",
		stroke: "currentColor",
		strokeWidth: 1.8,
		strokeLinecap: "round",
		strokeLinejoin: "round",
		"aria-hidden": "true",
		focusable: "false",
		children: GLYPHS[kind].map((d) => /* @__PURE__ */ jsx("path", { d }, d))
	});
}
/** The floating column of contact buttons, each opening its app or chat in a new context. */
function FloatingButtons({ contacts }) {
	const { t } = useTranslation();
	return /* @__PURE__ */ jsx("nav", {
		className: "floating-service",
		"aria-label": t("customer_service"),
		children: contacts.map((c) => /* @__PURE__ */ jsx("a", {
			className: `floating-service__button floating-service__button--${c.kind}`,
			href: c.url,
			target: "_blank",
			rel: "noopener noreferrer",
			"aria-label": t(LABELS[c.kind]),
			children: /* @__PURE__ */ jsx(Glyph, { kind: c.kind })
		}, c.kind))
	});
}
export { FloatingButtons as default };
