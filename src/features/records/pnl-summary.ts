/**
 * Profit and loss in words and cards (schemas/api/reports.json pnl): which figures show, which of
 * them carry a sign, and the one plain sentence that says where the member stands over the range.
 */
import type { RangeChoice } from '../../domain/date-range';
import type { TranslationKey } from '../../lib/i18n-keys';
import { formatRecordMoney, toneOf } from './components/format';

/** The figures of the profit-and-loss answer the cards read. */
export interface PnlFigures {
  betCount: number;
  stake: number;
  validTurnover: number;
  win: number;
  net: number;
  bonus: number;
  rebate: number;
  deposit: number;
  withdrawal: number;
  transferIn: number;
  transferOut: number;
  adjustment: number;
  result: number;
}

/** One card: its label, the figure, and whether the figure is a gain or loss (signed and coloured). */
interface PnlCard {
  id: keyof PnlFigures;
  label: TranslationKey;
  amount: number;
  signed: boolean;
}

/** A group of cards under a heading. */
export interface PnlSection {
  id: 'play' | 'promotions' | 'money';
  title: TranslationKey;
  cards: PnlCard[];
}

const card = (p: PnlFigures, id: keyof PnlFigures, label: TranslationKey, signed = false): PnlCard => ({ id, label, amount: p[id], signed });

/**
 * The cards in reading order: the play (stake, valid turnover, win, net), what promotions and the
 * operator added (bonuses, cash back, and adjustments when there were any), then the money moved
 * in and out (deposits, withdrawals, transfers), which the result leaves out.
 */
export function pnlSections(p: PnlFigures): PnlSection[] {
  const promotions = [card(p, 'bonus', 'pnl_bonus', true), card(p, 'rebate', 'pnl_rebate', true)];
  if (toneOf(p.adjustment) !== 'neutral') promotions.push(card(p, 'adjustment', 'pnl_adjustment', true));
  return [
    {
      id: 'play',
      title: 'pnl_section_play',
      cards: [card(p, 'stake', 'pnl_stake'), card(p, 'validTurnover', 'pnl_valid_turnover'), card(p, 'win', 'pnl_win'), card(p, 'net', 'pnl_net', true)],
    },
    { id: 'promotions', title: 'pnl_section_promotions', cards: promotions },
    {
      id: 'money',
      title: 'pnl_section_money',
      cards: [card(p, 'deposit', 'pnl_deposit'), card(p, 'withdrawal', 'pnl_withdrawal'), card(p, 'transferIn', 'pnl_transfer_in'), card(p, 'transferOut', 'pnl_transfer_out')],
    },
  ];
}

/** The days the sentence speaks of: a preset by name, a custom range by its dates. */
export interface PnlPeriod {
  choice: RangeChoice;
  start: string;
  end: string;
}

const PERIOD_KEYS: Readonly<Record<Exclude<RangeChoice, 'custom'>, TranslationKey>> = {
  today: 'pnl_period_today',
  yesterday: 'pnl_period_yesterday',
  '7d': 'pnl_period_7d',
  '30d': 'pnl_period_30d',
  month: 'pnl_period_month',
};

/** A message: an i18n key and its values. */
export interface PnlMessage {
  key: TranslationKey;
  params?: Record<string, string>;
}

/** The words for the period ("in the last 7 days", "from 2026-01-02 to 2026-01-09"). */
export function periodMessage(period: PnlPeriod): PnlMessage {
  if (period.choice !== 'custom') return { key: PERIOD_KEYS[period.choice] };
  if (period.start === period.end) return { key: 'pnl_period_day', params: { day: period.start } };
  return { key: 'pnl_period_custom', params: { start: period.start, end: period.end } };
}

/**
 * The sentence of the result: up or down by how much, even, or nothing played at all. `period`
 * is the already translated period words.
 */
export function pnlSentence(p: Pick<PnlFigures, 'result' | 'betCount'>, symbol: string, period: string): PnlMessage {
  const tone = toneOf(p.result);
  const amount = formatRecordMoney(symbol, Math.abs(p.result));
  if (tone === 'plus') return { key: 'pnl_summary_up', params: { amount, period } };
  if (tone === 'minus') return { key: 'pnl_summary_down', params: { amount, period } };
  return { key: p.betCount === 0 ? 'pnl_summary_none' : 'pnl_summary_even', params: { period } };
}
