import { g as useRuntime, o as Slot, t as PageBar } from "../entry-server.js";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/app/screens/slot-screen.tsx
/**
* A screen that is only the tenant's node tree (`screens.<key>`): one slot in the page's main
* element. Where the shell hides its header (login, register, help) the screen draws its own bar.
*/
function SlotScreen({ route }) {
	const { tenant } = useRuntime();
	const screen = tenant.screens[route.screen];
	const slot = route.slot ?? "main";
	return /* @__PURE__ */ jsxs(Fragment, { children: [route.header === false ? /* @__PURE__ */ jsx("header", {
		className: "app-header app-header--page",
		children: /* @__PURE__ */ jsx(PageBar, { titleKey: route.title })
	}) : null, /* @__PURE__ */ jsx("main", {
		className: `screen ${route.className ?? `screen--${route.screen}`}`,
		children: /* @__PURE__ */ jsx(Slot, {
			slot: screen?.slots[slot],
			path: `screens.${route.screen}.slots.${slot}`
		})
	})] });
}
export { SlotScreen as default };
