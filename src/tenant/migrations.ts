import type { Json } from '../lib/merge-patch';

/** The schema version this code reads and writes. */
export const CURRENT_SCHEMA_VERSION = 2;

type RawTenant = { [key: string]: Json };

/** One step that lifts a tenant file from `from` to `from + 1`. Pure: returns a new object. */
export interface Migration {
  from: number;
  describe: string;
  up: (raw: RawTenant) => RawTenant;
}

function isObj(v: Json | undefined): v is RawTenant {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Version 2 keys tenant screens by route id; these are the version 1 names that differ. */
export const SCREEN_KEYS_RENAMED_IN_V2: Readonly<Record<string, string>> = {
  memberCentre: 'mine',
  agentHome: 'agent',
  settings: 'set',
};

/**
 * Renames `screens` keys in place of the old ones (so a rewritten file keeps its order). A file
 * that somehow has both names keeps both: the validator then reports the old one rather than a
 * screen being dropped without a word.
 */
function renameScreens(raw: RawTenant, renames: Readonly<Record<string, string>>): RawTenant {
  const screens = raw.screens;
  if (!isObj(screens)) return raw;
  const renamed: RawTenant = {};
  for (const [key, screen] of Object.entries(screens)) {
    const to = renames[key];
    renamed[to !== undefined && !(to in screens) ? to : key] = screen;
  }
  return { ...raw, screens: renamed };
}

/**
 * Ordered migrations. A file without `schemaVersion` predates versioning (version 0); its shape
 * is version 1's, so the first step only stamps the version.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    describe: 'stamp schemaVersion 1 on a file written before versioning',
    up: (raw) => ({ schemaVersion: 1, ...raw }),
  },
  {
    from: 1,
    describe: 'key screens by route id (memberCentre -> mine, agentHome -> agent, settings -> set)',
    up: (raw) => renameScreens(raw, SCREEN_KEYS_RENAMED_IN_V2),
  },
];

export interface MigrateResult {
  raw: RawTenant;
  /** Descriptions of the steps applied, in order. */
  applied: string[];
  error?: string;
}

/** Lifts a raw tenant file to `target` through the ordered migrations. */
export function migrateRaw(
  raw: RawTenant,
  migrations: readonly Migration[] = MIGRATIONS,
  target = CURRENT_SCHEMA_VERSION,
): MigrateResult {
  const declared = raw.schemaVersion;
  const version = declared === undefined ? 0 : declared;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { raw, applied: [], error: `must be a whole number from 0 to ${target}` };
  }
  if (version > target) {
    return { raw, applied: [], error: `version ${version} is newer than this runtime reads (${target})` };
  }
  let current = raw;
  const applied: string[] = [];
  for (let v = version; v < target; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step) return { raw, applied, error: `no migration from version ${v}` };
    current = step.up(current);
    current = { ...current, schemaVersion: v + 1 };
    applied.push(`${v} -> ${v + 1}: ${step.describe}`);
  }
  return { raw: current, applied };
}
