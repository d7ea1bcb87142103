import { describe, expect, it } from 'vitest';
import { periodMessage, pnlSections, pnlSentence, type PnlFigures } from '../../../src/features/records/pnl-summary';

const figures = (fields: Partial<PnlFigures> = {}): PnlFigures => ({
  betCount: 3, stake: 30, validTurnover: 30, win: 45, net: 15, bonus: 0, rebate: 0, deposit: 100, withdrawal: 0, transferIn: 0, transferOut: 0, adjustment: 0, result: 15,
  ...fields,
});

describe('profit and loss in words', () => {
  it('names a preset, one custom day, or custom days', () => {
    expect(periodMessage({ choice: '30d', start: '2026-10-25', end: '2026-11-23' })).toEqual({ key: 'pnl_period_30d' });
    expect(periodMessage({ choice: 'custom', start: '2026-11-02', end: '2026-11-02' })).toEqual({ key: 'pnl_period_day', params: { day: '2026-11-02' } });
    expect(periodMessage({ choice: 'custom', start: '2026-11-02', end: '2026-11-05' })).toEqual({ key: 'pnl_period_custom', params: { start: '2026-11-02', end: '2026-11-05' } });
  });

  it('is up, down, even, or nothing played, by the result and not by the net alone', () => {
    expect(pnlSentence(figures(), '₱', 'today')).toEqual({ key: 'pnl_summary_up', params: { amount: '₱15.00', period: 'today' } });
    expect(pnlSentence(figures({ result: -1234.5 }), '₱', 'today')).toEqual({ key: 'pnl_summary_down', params: { amount: '₱1,234.50', period: 'today' } });
    // Lost 20 at play, won it back in bonuses: even.
    expect(pnlSentence(figures({ net: -20, bonus: 20, result: 0 }), '₱', 'today').key).toBe('pnl_summary_even');
    expect(pnlSentence(figures({ betCount: 0, result: 0 }), '₱', 'today').key).toBe('pnl_summary_none');
  });

  it('groups the figures, signing only gains and losses, with adjustments only when there were any', () => {
    const sections = pnlSections(figures());
    expect(sections.map((s) => s.cards.map((c) => `${c.id}${c.signed ? '±' : ''}`))).toEqual([
      ['stake', 'validTurnover', 'win', 'net±'],
      ['bonus±', 'rebate±'],
      ['deposit', 'withdrawal', 'transferIn', 'transferOut'],
    ]);
    expect(pnlSections(figures({ adjustment: -5 }))[1].cards.map((c) => c.id)).toEqual(['bonus', 'rebate', 'adjustment']);
  });
});
