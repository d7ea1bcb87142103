/**
 * Contract prompts on home (spec section 4): after login, a member whose type is not 4, 40, 41 or
 * 42 gets one prompt per non-empty contract value of member info (dailysalreqtype,
 * divtypecompperiodreq, contracthoursalreq), each opening the matching contract page. Shown once
 * per login: the prompts seen are remembered in session storage under the login's token.
 */
import { CONTRACT_SKIPPED_TYPES } from '../../domain/member-types';
import type { MemberInfo } from '../../generated/api/member';
import type { TranslationKey } from '../../lib/i18n-keys';
import { href } from '../../lib/routes';

/** Types that skip contract prompts (agent-like, and the free trial). */
const PROMPT_SKIPPED_TYPES: readonly number[] = CONTRACT_SKIPPED_TYPES;

export interface ContractPrompt {
  field: 'dailysalreqtype' | 'divtypecompperiodreq' | 'contracthoursalreq';
  /** The pending contract's id, as member info gives it. */
  value: string;
  to: string;
  message: TranslationKey;
}

const PROMPTS: readonly Omit<ContractPrompt, 'value'>[] = [
  { field: 'dailysalreqtype', to: href('salaryContract'), message: 'contract_prompt_salary' },
  { field: 'divtypecompperiodreq', to: href('dividendContract'), message: 'contract_prompt_dividend' },
  { field: 'contracthoursalreq', to: href('hourContract'), message: 'contract_prompt_hourly' },
];

/** The prompts member info asks for, in the spec's order (salary, dividend, hourly salary). */
export function contractPromptsOf(info: Pick<MemberInfo, 'type' | 'dailysalreqtype' | 'divtypecompperiodreq' | 'contracthoursalreq'> | null): ContractPrompt[] {
  if (!info || PROMPT_SKIPPED_TYPES.includes(info.type)) return [];
  return PROMPTS.flatMap((p) => {
    const value = info[p.field];
    return value ? [{ ...p, value }] : [];
  });
}

const PROMPT_MEMORY_KEY = 'MC_CONTRACT_PROMPTS';

/** The prompt keys already shown in this login (`login`: the session token). */
export function readPromptMemory(storage: Pick<Storage, 'getItem'>, login: string): Set<string> {
  try {
    const saved = JSON.parse(storage.getItem(PROMPT_MEMORY_KEY) ?? 'null') as { login?: string; seen?: string[] } | null;
    return new Set(saved?.login === login && Array.isArray(saved.seen) ? saved.seen : []);
  } catch {
    return new Set();
  }
}

export function rememberPrompt(storage: Pick<Storage, 'getItem' | 'setItem'>, login: string, key: string): void {
  const seen = readPromptMemory(storage, login);
  seen.add(key);
  try {
    storage.setItem(PROMPT_MEMORY_KEY, JSON.stringify({ login, seen: [...seen] }));
  } catch {
    // Storage full or blocked: the prompt may show again, nothing worse.
  }
}

export const promptKey = (p: ContractPrompt) => `${p.field}:${p.value}`;
