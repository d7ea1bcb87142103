import { describe, expect, it } from 'vitest';
import { activityProblem, ascendingProblem, boundsProblem, ceilingProblem, dividendAmount, dividendPeriod, hasActivity, termsProblem, toTier, valueAt } from '../../src/domain/contract-terms';
import { contractPromptsOf, promptKey, readPromptMemory, rememberPrompt } from '../../src/features/agent/contract-prompts';

const salary = [
  { turnover: 100, activeMembers: 1, amount: 5 },
  { turnover: 1000, activeMembers: 3, amount: 50 },
];

describe('tier math', () => {
  it('pays the best tier whose thresholds are all reached, else 0', () => {
    const tiers = salary.map((t) => toTier('salary', t));
    expect(valueAt(tiers, [99, 5])).toBe(0);
    expect(valueAt(tiers, [100, 1])).toBe(5);
    // Turnover of the second tier without its members: the first tier.
    expect(valueAt(tiers, [5000, 2])).toBe(5);
    expect(valueAt(tiers, [1000, 3])).toBe(50);
  });

  it('a dividend is the share of a positive net loss, rounded down', () => {
    expect(dividendAmount(69_999, 1_250)).toBe(8_750); // 8,749.875, half up by the money module's rule
    expect(dividendAmount(-500, 1_000)).toBe(0);
    expect(dividendAmount(500, 0)).toBe(0);
  });

  it('dividend periods: halves of the month and the month, in tenant days', () => {
    expect(dividendPeriod('half-month', '2026-02-15')).toEqual({ key: '2026-02-H1', first: '2026-02-01', last: '2026-02-15' });
    expect(dividendPeriod('half-month', '2026-02-16')).toEqual({ key: '2026-02-H2', first: '2026-02-16', last: '2026-02-28' });
    expect(dividendPeriod('month', '2028-02-10')).toEqual({ key: '2028-02', first: '2028-02-01', last: '2028-02-29' });
  });
});

describe('terms validation', () => {
  it('tiers must ascend: more asked of one threshold, none less, and more paid', () => {
    expect(ascendingProblem('salary', salary)).toBeNull();
    expect(ascendingProblem('salary', [salary[1], salary[0]])).toEqual({ field: '/terms/tiers/1/turnover', messageKey: 'contract_tier_not_ascending' });
    expect(ascendingProblem('salary', [salary[0], { turnover: 100, activeMembers: 1, amount: 6 }])?.field).toBe('/terms/tiers/1/turnover');
    expect(ascendingProblem('salary', [salary[0], { turnover: 200, activeMembers: 0, amount: 6 }])?.field).toBe('/terms/tiers/1/activeMembers');
    expect(ascendingProblem('hourly', [{ turnover: 10, amount: 2 }, { turnover: 20, amount: 2 }])?.field).toBe('/terms/tiers/1/amount');
    expect(ascendingProblem('dividend', [{ netLoss: 0, percent: 10 }, { netLoss: 100, percent: 9 }])?.field).toBe('/terms/tiers/1/percent');
  });

  it('never above the maximum nor above what one gets oneself at the same figures', () => {
    expect(boundsProblem('salary', salary, 50, null)).toBeNull();
    expect(boundsProblem('salary', salary, 49.99, null)).toEqual({ field: '/terms/tiers/1/amount', messageKey: 'contract_tier_above_max' });
    const own = [{ turnover: 500, activeMembers: 1, amount: 20 }];
    expect(boundsProblem('salary', [{ turnover: 600, activeMembers: 2, amount: 20 }], null, own)).toBeNull();
    expect(boundsProblem('salary', [{ turnover: 400, activeMembers: 2, amount: 1 }], null, own)).toEqual({ field: '/terms/tiers/0/amount', messageKey: 'contract_tier_above_own' });
    expect(termsProblem('dividend', [{ netLoss: 1, percent: 30 }], 25, null)?.messageKey).toBe('contract_tier_above_max');
  });

  it('every tier asks for real activity: salary turnover and an active member, hourly turnover, dividend net loss', () => {
    expect(activityProblem('salary', salary)).toBeNull();
    expect(activityProblem('salary', [{ turnover: 0, activeMembers: 1, amount: 5 }])).toEqual({ field: '/terms/tiers/0/turnover', messageKey: 'contract_tier_turnover_required' });
    expect(activityProblem('salary', [salary[0], { turnover: 1000, activeMembers: 0, amount: 50 }])).toEqual({
      field: '/terms/tiers/1/activeMembers',
      messageKey: 'contract_tier_members_required',
    });
    expect(activityProblem('hourly', [{ turnover: 0, amount: 1 }])?.messageKey).toBe('contract_tier_turnover_required');
    expect(activityProblem('hourly', [{ turnover: 0.01, amount: 1 }])).toBeNull();
    expect(activityProblem('dividend', [{ netLoss: 0, percent: 10 }])).toEqual({ field: '/terms/tiers/0/netLoss', messageKey: 'contract_tier_net_loss_required' });
    // Checked before anything else, so the form and the server name the same field.
    expect(termsProblem('salary', [{ turnover: 0, activeMembers: 0, amount: 1e9 }], 10, null)?.messageKey).toBe('contract_tier_turnover_required');
  });

  it("a top-level agent's ceiling bounds every tier; figures with no turnover or no active member show no activity", () => {
    expect(ceilingProblem('salary', salary, null)).toBeNull();
    expect(ceilingProblem('salary', salary, 50)).toBeNull();
    expect(ceilingProblem('salary', salary, 49.99)).toEqual({ field: '/terms/tiers/1/amount', messageKey: 'contract_tier_above_ceiling' });
    expect(termsProblem('salary', salary, 1000, null, 20)?.messageKey).toBe('contract_tier_above_ceiling');
    expect(hasActivity({ turnover: 1, activeMembers: 1 })).toBe(true);
    expect(hasActivity({ turnover: 0, activeMembers: 3 })).toBe(false);
    expect(hasActivity({ turnover: 500, activeMembers: 0 })).toBe(false);
  });
});

describe('contract prompts', () => {
  const info = { type: 1, dailysalreqtype: '7', divtypecompperiodreq: '', contracthoursalreq: '9' };

  it('one prompt per non-empty value, salary then dividend then hourly; none for types 4, 40, 41, 42', () => {
    expect(contractPromptsOf(info).map((p) => p.to)).toEqual(['/m/member/agent/getSalaryContract', '/m/member/agent/getHourContract']);
    for (const type of [4, 40, 41, 42]) expect(contractPromptsOf({ ...info, type })).toEqual([]);
    expect(contractPromptsOf(null)).toEqual([]);
  });

  it('remembers the prompts shown for one login only', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const [first] = contractPromptsOf(info);
    rememberPrompt(storage, 'token-a', promptKey(first));
    expect(readPromptMemory(storage, 'token-a').has(promptKey(first))).toBe(true);
    expect(readPromptMemory(storage, 'token-b').size).toBe(0);
    store.set('MC_CONTRACT_PROMPTS', '{broken');
    expect(readPromptMemory(storage, 'token-a').size).toBe(0);
  });
});
