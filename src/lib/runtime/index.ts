/**
 * The page runtime, by concern: item actions and paths (actions), config and device
 * (settings), the API client's session wiring (api-wiring), the answers a page starts with
 * (page-data), and the provider with its hooks (provider).
 */
export { BADGE_NAMES, DOWNLOAD_PATH, LOGIN_PATH, REGISTER_PATH, RUNTIME_ACTIONS, type BadgeCounts, type BadgeName, type Navigate, type RuntimeAction, type RuntimeActions } from './actions';
export { buildGateContext, detectInstallMode, effectiveFlags, effectiveSettings, startupStateOf } from './settings';
export { deviceHeadersFor, sessionInvalidated, setupApiClient } from './api-wiring';
export { configPageData, NO_PAGE_DATA, PageDataProvider, useNoteWidget, usePageAnswer, usePageUserAgent, type PageData } from './page-data';
export {
  RuntimeProvider,
  useBadge,
  useBalanceHidden,
  useGateContext,
  useInstallMode,
  useLinkOpen,
  useMemberScope,
  useRuntime,
  useRuntimeActions,
  useRuntimeState,
  useSessionInfo,
  useStartup,
  useStartupState,
  useTenant,
  useZone,
  type RuntimeProviderProps,
} from './provider';
/** Spec section 3: the session record's storage key and its validated read (kept here too for existing imports). */
export { readStoredSession, SESSION_KEY } from '../session';
