/**
 * The one place that touches Web Storage. Private mode, disabled storage and quota errors all
 * throw in some browsers; a storage failure must never break rendering, so every call is guarded.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value only lives for this page view.
  }
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to clean if storage is unavailable.
  }
}

/** Reads a JSON value; unparsable text reads as absent. */
export function readJson(key: string, which: Area = 'local'): unknown {
  const text = readItem(key, which);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
