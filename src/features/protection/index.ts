// The public face of the protection area: other areas, widgets and the app shell import from here only.
export { cancelLimitChange, type Limit, type LimitKind, type LimitPeriod, type Limits, putLimit, useLimits, useStoreLimits } from './api/limits';
export { fetchStatementCsv, type Statement, type StatementMonth, useStatement } from './api/statement';
export { KIND_LABELS, limitOf, MONEY_PERIODS, parseLimitValue, PERIOD_LABELS, usedShare, waitsCoolingOff } from './limit-rules';
export { excludeMember, exclusionEnd, type ExclusionKind, type ExclusionPeriod, SELF_EXCLUSION_PERIODS, TIMEOUT_PERIODS, useExclusionState, zoneDateTime } from './api/exclusion';
export { type RealityBody, type RealityState, setRealityMinutes, useRealityCheck } from './api/reality-check';
export { RealityOverlay } from './components/reality-overlay';
