// The public face of the protection area: other areas, widgets and the app shell import from here only.
export { cancelLimitChange, type Limit, type LimitKind, type LimitPeriod, type Limits, LIMITS_ENDPOINT, putLimit, useLimits, useStoreLimits } from './api/limits';
export { fetchStatementCsv, type Statement, STATEMENT_ENDPOINT, type StatementMonth, useStatement } from './api/statement';
export { KIND_LABELS, limitOf, MAX_SESSION_MINUTES, MONEY_KINDS, MONEY_PERIODS, parseLimitValue, PERIOD_LABELS, usedShare, waitsCoolingOff } from './limit-rules';
export { type ExcludeBody, excludeMember, type Exclusion, exclusionEnd, type ExclusionKind, type ExclusionPeriod, type ExclusionState, SELF_EXCLUSION_PERIODS, TIMEOUT_PERIODS, useExclusionState, zoneDateTime } from './api/exclusion';
export { acknowledgeRealityCheck, fetchRealityCheck, playedText, REALITY_CHECK_PATH, type RealityBody, type RealityState, setRealityMinutes, useRealityCheck } from './api/reality-check';
export { HISTORY_ROUTE, RealityOverlay, STOP_ROUTE } from './components/reality-overlay';
