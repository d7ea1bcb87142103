import { proxy } from "valtio";
// src/lib/feedback.ts
/**
* Toasts, the loading indicator and confirm dialogs as one small store, so that any widget can
* raise them and the app shell renders them once. Durations are the spec's (section 9).
*/
var TOAST_DEFAULT_MS = 1500;
var TOAST_SHORT_MS = 3e3;
var LOADING_TIMEOUT_MS = 1e4;
var feedbackStore = proxy({
	toasts: [],
	loading: null,
	dialog: null
});
var nextId = 1;
var loadingTimer;
/** Shows a toast for `durationMs` (default 1.5 s). Resolves when it has gone. */
function showToast(key, durationMs = TOAST_DEFAULT_MS, params) {
	const toast = {
		id: nextId++,
		key,
		params,
		durationMs
	};
	feedbackStore.toasts.push(toast);
	return new Promise((resolve) => {
		setTimeout(() => {
			const i = feedbackStore.toasts.findIndex((t) => t.id === toast.id);
			if (i !== -1) feedbackStore.toasts.splice(i, 1);
			resolve();
		}, durationMs);
	});
}
/** Shows the loading indicator; it times out by itself (10 s unless told otherwise). */
function showLoading(key = "", timeoutMs = LOADING_TIMEOUT_MS) {
	feedbackStore.loading = key;
	clearTimeout(loadingTimer);
	loadingTimer = setTimeout(hideLoading, timeoutMs);
}
function hideLoading() {
	clearTimeout(loadingTimer);
	feedbackStore.loading = null;
}
/** Asks the player to confirm; resolves true on confirm, false on cancel or mask. */
function confirmDialog(req) {
	return new Promise((resolve) => {
		feedbackStore.dialog?.resolve(false);
		feedbackStore.dialog = {
			...req,
			id: nextId++,
			resolve: (confirmed) => {
				feedbackStore.dialog = null;
				resolve(confirmed);
			}
		};
	});
}
export { hideLoading as a, feedbackStore as i, TOAST_SHORT_MS as n, showLoading as o, confirmDialog as r, showToast as s, LOADING_TIMEOUT_MS as t };
