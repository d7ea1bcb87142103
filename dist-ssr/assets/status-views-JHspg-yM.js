import { i as swrFetcher } from "./client-7PKTKQkC.js";
import { M as startupView, O as HOME_PATH, _ as useStartup } from "../entry-server.js";
import { useTranslation } from "react-i18next";
import { jsx, jsxs } from "react/jsx-runtime";
import useSWR from "swr";
// src/lib/api/system.ts
/**
* System status (GET /wps/system/status) and startup settings (GET /wps/system/startup). The page
* gets both injected at load; the maintenance and restricted views poll the status to notice the
* end of a maintenance window.
*/
var STATUS_PATH = "/wps/system/status";
/** How often a maintenance page re-asks. */
var STATUS_POLL_MS = 6e4;
function useSystemStatus(poll = true) {
	return useSWR([STATUS_PATH], swrFetcher, { refreshInterval: poll ? STATUS_POLL_MS : 0 });
}
// src/app/shell/status-views.tsx
/** /m/maintenance: the platform is under maintenance; offers home again once the status clears. */
function MaintenanceView() {
	const { t } = useTranslation();
	const { data } = useSystemStatus();
	const over = data !== void 0 && startupView(data) !== "maintenance";
	return /* @__PURE__ */ jsxs("main", {
		className: "status-view status-view--maintenance",
		children: [
			/* @__PURE__ */ jsx("div", {
				className: "status-view__art",
				"aria-hidden": "true"
			}),
			/* @__PURE__ */ jsx("h1", {
				className: "status-view__title",
				children: t("maintenance_title")
			}),
			/* @__PURE__ */ jsx("p", {
				className: "status-view__text",
				children: t("platform_maintenance")
			}),
			over ? /* @__PURE__ */ jsx("a", {
				className: "button button--primary",
				href: HOME_PATH,
				children: t("home")
			}) : null
		]
	});
}
/** Region or IP restriction: the whole site is replaced by this notice with the visitor's IP. */
function RestrictedView() {
	const { t } = useTranslation();
	const location = useStartup().location;
	return /* @__PURE__ */ jsxs("main", {
		className: "status-view status-view--restricted",
		children: [
			/* @__PURE__ */ jsx("div", {
				className: "status-view__art",
				"aria-hidden": "true"
			}),
			/* @__PURE__ */ jsx("h1", {
				className: "status-view__title",
				children: t("restricted_title")
			}),
			/* @__PURE__ */ jsx("p", {
				className: "status-view__text",
				children: t("access_restricted", { ip: location?.ip ?? "-" })
			})
		]
	});
}
/** The lazy chunk's entry: which view the shell asked for. */
function StatusView({ view }) {
	return view === "restricted" ? /* @__PURE__ */ jsx(RestrictedView, {}) : /* @__PURE__ */ jsx(MaintenanceView, {});
}
export { MaintenanceView, RestrictedView, StatusView as default };
