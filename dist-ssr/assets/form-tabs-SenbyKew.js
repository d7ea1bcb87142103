import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { jsx } from "react/jsx-runtime";
// src/components/form/form-tabs.tsx
/** Ids for `FormTabs` and its panel: `<name>-tab-<value>` and `<name>-panel`, unique per form. */
function useFormTabs(name, selected, shown) {
	const ids = useId();
	const tabId = (tab) => `${name}-tab-${tab}${ids}`;
	return {
		shown,
		selected,
		tabId,
		panel: {
			id: `${name}-panel${ids}`,
			role: shown ? "tabpanel" : void 0,
			"aria-labelledby": shown ? tabId(selected) : void 0
		}
	};
}
/**
* A form's mode switch (username or mobile, phone or e-mail): a tablist, or nothing when only one
* mode is offered. One tab stop: Tab reaches the selected tab, and the arrow keys, Home and End
* move focus and selection together (WAI-ARIA tabs with automatic activation).
*/
function FormTabs({ state, tabs, onSelect }) {
	const { t } = useTranslation();
	const buttons = useRef([]);
	if (!state.shown) return null;
	const onKeyDown = (e) => {
		const current = tabs.findIndex((tab) => tab.value === state.selected);
		const last = tabs.length - 1;
		let next;
		switch (e.key) {
			case "ArrowRight":
				next = current >= last ? 0 : current + 1;
				break;
			case "ArrowLeft":
				next = current <= 0 ? last : current - 1;
				break;
			case "Home":
				next = 0;
				break;
			case "End":
				next = last;
				break;
			default: return;
		}
		e.preventDefault();
		buttons.current[next]?.focus();
		if (next !== current) onSelect(tabs[next].value);
	};
	return /* @__PURE__ */ jsx("div", {
		className: "account-form__tabs",
		role: "tablist",
		children: tabs.map(({ value, label }, i) => /* @__PURE__ */ jsx("button", {
			ref: (el) => {
				buttons.current[i] = el;
			},
			type: "button",
			role: "tab",
			id: state.tabId(value),
			"aria-selected": state.selected === value,
			"aria-controls": state.panel.id,
			tabIndex: state.selected === value ? 0 : -1,
			className: "account-form__tab",
			onClick: () => onSelect(value),
			onKeyDown,
			children: t(label)
		}, value))
	});
}
export { useFormTabs as n, FormTabs as t };
