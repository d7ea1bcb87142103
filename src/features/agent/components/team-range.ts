import type { RangeChoice } from '../../../domain/date-range';

/** The team screens' date presets (spec: today, yesterday, 7 days, this month) and custom days. */
export const TEAM_RANGE_CHOICES: readonly RangeChoice[] = ['today', 'yesterday', '7d', 'month', 'custom'];
