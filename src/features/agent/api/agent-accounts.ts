/**
 * The agent's accounts (schemas/api/agent-accounts.json): opening a player or sub-agent account,
 * the rebate rates of one's direct downline agents (within one's own), the team's rebates.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Downline, GameType, OpenBody, Opened, Rate, Rates, RateInput, TeamRebateRow, TeamRebates } from '../../../generated/api/agent-accounts';
import { ApiFailure, request } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';
import { parseRate, rateProblem, rateToBp } from '../../../domain/agent-rebate-rates';
import type { TranslationKey } from '../../../lib/i18n-keys';

export type { Downline as AgentDownline, GameType as RebateGameType, Rate as AgentRate, Rates as AgentRates, TeamRebateRow, TeamRebates };

const AGENT_RATES_ENDPOINT = 'GET /wps/agent/rebates';
export const TEAM_REBATES_ENDPOINT = 'GET /wps/agent/team-rebates';

/** The agent's own rates and its direct downline agents' (`scope` null: nothing loads). */
export function useAgentRates(scope: string | null | undefined): SWRResponse<Rates, ApiFailure> {
  return useResource(scope ? resourceKey(AGENT_RATES_ENDPOINT, null, scope) : null);
}

/** Refetches the rates list in the SWR cache this component renders under. */
export function useRevalidateAgentRates(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, AGENT_RATES_ENDPOINT));
}

/** Opens a player or sub-agent account under the agent. */
export function openAgentAccount(body: OpenBody): Promise<Opened> {
  return request('POST', '/wps/agent/accounts', { body });
}

/** Sets a direct downline member's rates. */
export function setDownlineRates(id: number, rates: RateInput): Promise<Downline> {
  return request('PUT', `/wps/agent/rebates/${id}`, { body: { rates } });
}

/** A message for a field: an i18n key and its parameters. */
export interface RateMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** The label key of a game type's category (locales: cat_RNG ...). */
export const categoryLabel = (gameType: GameType): TranslationKey => `cat_${gameType}`;

/**
 * Checks a rate typed for `gameType` against the agent's own rate `own` (percent): null when fine.
 * `categoryName` is the category as the member reads it.
 */
export function checkRateText(text: string, own: number, categoryName: string): RateMessage | null {
  if (text.trim() === '') return { key: 'field_required' };
  const rate = parseRate(text);
  if (rate === null) return { key: 'agent_rate_invalid' };
  switch (rateProblem(rate, rateToBp(own))) {
    case null:
      return null;
    case 'rate.above.own':
      return { key: 'err_rebate_above_own', params: { own, gameType: categoryName } };
    case 'rate.decimals':
      return { key: 'agent_rate_decimals' };
    default:
      return { key: 'agent_rate_invalid' };
  }
}

/**
 * The field a failed call names (`/rates/RNG` -> rates.RNG, `/username` -> username) with its
 * message: rebate.above.own carries the category and own rate; else the server's field message.
 */
export function failureOnField(err: unknown, categoryName: (gameType: GameType) => string): { field: string | null; message: RateMessage } {
  if (!(err instanceof ApiFailure)) return { field: null, message: { key: 'unknown_error' } };
  const value = (err.value ?? {}) as { field?: string; gameType?: GameType; own?: number; messageKey?: string };
  const field = typeof value.field === 'string' ? value.field.replace(/^\//, '').replace('/', '.') : null;
  if (err.errorCode === 'rebate.above.own' && value.gameType) {
    return { field, message: { key: err.messageKey, params: { own: value.own ?? 0, gameType: categoryName(value.gameType) } } };
  }
  return { field, message: { key: value.messageKey ?? err.messageKey } };
}
