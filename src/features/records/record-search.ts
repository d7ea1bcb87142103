/**
 * The account record, betting record and profit-and-loss screens keep what they show in their
 * address (?range=7d, ?range=custom&start=..&end=.., ?type=bet, ?category=RNG, ?bet=12,
 * ?types=A): a reload or the back button shows the same rows, and one screen links to another
 * for the same days.
 */
import { isIsoDate, RANGE_PRESETS, type RangeChoice } from '../../domain/date-range';

/** A range as the records screens hold it (the records kit's RangeValue). */
export interface SearchRange {
  choice: RangeChoice;
  start?: string;
  end?: string;
}

/**
 * The range an address names: a preset, or custom days that are real dates (whether they are
 * within the allowed window is the server's and the range bar's to say); else today.
 */
export function rangeOfSearch(params: URLSearchParams): SearchRange {
  const range = params.get('range');
  if ((RANGE_PRESETS as readonly string[]).includes(range ?? '')) return { choice: range as RangeChoice };
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  if ((range === 'custom' || range === null) && isIsoDate(start) && isIsoDate(end)) return { choice: 'custom', start, end };
  return { choice: 'today' };
}

/** `params` with the range written in (and nothing else changed); today is the default and is left out. */
export function withRange(params: URLSearchParams, range: SearchRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['range', 'start', 'end']) next.delete(name);
  if (range.choice === 'custom') {
    next.set('range', 'custom');
    if (range.start) next.set('start', range.start);
    if (range.end) next.set('end', range.end);
  } else if (range.choice !== 'today') {
    next.set('range', range.choice);
  }
  return next;
}

/** `params` with one parameter set, or removed when `value` is null or ''. */
export function withParam(params: URLSearchParams, name: string, value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The address of a records screen showing `range` ("/m/gameRecord?range=7d"). */
export function recordsPath(path: string, range: SearchRange): string {
  const search = withRange(new URLSearchParams(), range).toString();
  return search ? `${path}?${search}` : path;
}

/** A positive whole-number id from the address (?bet=12), or null. */
export function idOfSearch(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** Member types that are not agents (spec section 6): they have no team records. */
import { NON_AGENT_TYPES } from '../../domain/member-types';

;

export function isAgentType(type: number | null | undefined): boolean {
  return typeof type === 'number' && !NON_AGENT_TYPES.includes(type);
}
