/**
 * Toasts, the loading indicator and confirm dialogs as one small store, so that any widget can
 * raise them and the app shell renders them once. Durations are the spec's (section 9).
 */
import type { I18n } from './i18n';
import { proxy } from 'valtio';
import type { TranslationKey } from './i18n-keys';

const TOAST_DEFAULT_MS = 1500;
export const TOAST_SHORT_MS = 3000;
export const LOADING_TIMEOUT_MS = 10_000;
/** A dialog's mask ignores clicks for its first 300 ms (an opening tap must not close it). */
export const DIALOG_MASK_GUARD_MS = 300;

interface Toast {
  id: number;
  /** i18n key. */
  key: string;
  params?: Record<string, string | number>;
  durationMs: number;
}

export interface ConfirmRequest {
  id: number;
  titleKey?: string;
  messageKey: string;
  params?: Record<string, string | number>;
  confirmKey: string;
  /** Absent: an alert with one button. */
  cancelKey?: string;
  resolve: (confirmed: boolean) => void;
}

export interface FeedbackState {
  toasts: Toast[];
  /** i18n key of the loading text, '' for a bare spinner, null when idle. */
  loading: string | null;
  dialog: ConfirmRequest | null;
}

export const feedbackStore = proxy<FeedbackState>({ toasts: [], loading: null, dialog: null });

let nextId = 1;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast for `durationMs` (default 1.5 s). Resolves when it has gone. */
export function showToast(key: string, durationMs = TOAST_DEFAULT_MS, params?: Record<string, string | number>): Promise<void> {
  const toast: Toast = { id: nextId++, key, params, durationMs };
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
export function showLoading(key = '', timeoutMs = LOADING_TIMEOUT_MS): void {
  feedbackStore.loading = key;
  clearTimeout(loadingTimer);
  loadingTimer = setTimeout(hideLoading, timeoutMs);
}

export function hideLoading(): void {
  clearTimeout(loadingTimer);
  feedbackStore.loading = null;
}

/** Asks the player to confirm; resolves true on confirm, false on cancel or mask. */
export function confirmDialog(req: Omit<ConfirmRequest, 'id' | 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    feedbackStore.dialog?.resolve(false);
    feedbackStore.dialog = {
      ...req,
      id: nextId++,
      resolve: (confirmed: boolean) => {
        feedbackStore.dialog = null;
        resolve(confirmed);
      },
    };
  });
}

/**
 * Whether a key known only at run time (held by this store, sent by the API or the rule set) has
 * a text in the translator: one that does is a key `t` takes. One that does not is best shown as
 * it is, which is what `t` shows for any key it lacks.
 */
export function hasText(instance: Pick<I18n, 'exists'>, key: string): key is TranslationKey {
  return instance.exists(key);
}

/** Translates a key known only at run time: its text, or the key as it is when there is none. */
export function runtimeText(instance: Pick<I18n, 'exists' | 't'>, key: string, params?: Record<string, string | number>): string {
  return hasText(instance, key) ? instance.t(key, params) : key;
}
