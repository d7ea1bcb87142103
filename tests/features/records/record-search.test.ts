import { describe, expect, it } from 'vitest';
import { idOfSearch, isAgentType, rangeOfSearch, recordsPath, withParam, withRange } from '../../../src/features/records/record-search';
import { betCategories } from '../../../src/features/records/bet-categories';
import { isTransactionType, referenceLink, TRANSACTION_TYPE_ICONS, TRANSACTION_TYPE_KEYS, TRANSACTION_TYPES } from '../../../src/features/records/transaction-types';
import { ICON_NAMES } from '../../../src/components/icons';
import { isTranslationKey } from '../../../src/lib/i18n-keys';
import type { TransactionType } from '../../../src/generated/api/reports';

const params = (search: string) => new URLSearchParams(search);

describe('records screens keep their range and filters in the address', () => {
  it('reads a preset, real custom days, and falls back to today for anything else', () => {
    expect(rangeOfSearch(params(''))).toEqual({ choice: 'today' });
    expect(rangeOfSearch(params('range=7d'))).toEqual({ choice: '7d' });
    expect(rangeOfSearch(params('range=30d&start=2026-01-01&end=2026-01-02'))).toEqual({ choice: '30d' });
    expect(rangeOfSearch(params('range=custom&start=2026-01-01&end=2026-01-09'))).toEqual({ choice: 'custom', start: '2026-01-01', end: '2026-01-09' });
    expect(rangeOfSearch(params('start=2026-01-01&end=2026-01-09'))).toEqual({ choice: 'custom', start: '2026-01-01', end: '2026-01-09' });
    expect(rangeOfSearch(params('range=custom&start=2026-02-30&end=2026-03-01'))).toEqual({ choice: 'today' });
    expect(rangeOfSearch(params('range=custom&start=2026-01-01'))).toEqual({ choice: 'today' });
    expect(rangeOfSearch(params('range=week'))).toEqual({ choice: 'today' });
  });

  it('writes the range without touching the other parameters, leaving today out', () => {
    const base = params('type=bet&range=custom&start=2026-01-01&end=2026-01-02');
    expect(withRange(base, { choice: '7d' }).toString()).toBe('type=bet&range=7d');
    expect(withRange(base, { choice: 'today' }).toString()).toBe('type=bet');
    expect(withRange(params('types=A'), { choice: 'custom', start: '2026-01-03', end: '2026-01-05' }).toString()).toBe('types=A&range=custom&start=2026-01-03&end=2026-01-05');
    expect(withParam(base, 'type', null).toString()).toBe('range=custom&start=2026-01-01&end=2026-01-02');
    expect(withParam(params('a=1'), 'category', 'RNG').toString()).toBe('a=1&category=RNG');
  });

  it('links another records screen to the same days', () => {
    expect(recordsPath('/m/gameRecord', { choice: 'today' })).toBe('/m/gameRecord');
    expect(recordsPath('/m/gameRecord', { choice: 'yesterday' })).toBe('/m/gameRecord?range=yesterday');
    expect(recordsPath('/m/transaction/record', { choice: 'custom', start: '2026-01-01', end: '2026-01-31' })).toBe(
      '/m/transaction/record?range=custom&start=2026-01-01&end=2026-01-31',
    );
  });

  it('takes only a positive whole id from the address', () => {
    expect(idOfSearch(params('bet=12'), 'bet')).toBe(12);
    for (const bad of ['bet=0', 'bet=-1', 'bet=1.5', 'bet=abc', 'bet=', 'bet=99999999999999999', '']) expect(idOfSearch(params(bad), 'bet'), bad).toBeNull();
  });

  it('knows agents by member type (not 0, 4 or 40)', () => {
    expect([0, 4, 40].map(isAgentType)).toEqual([false, false, false]);
    expect([1, 2, 41, 42].map(isAgentType)).toEqual([true, true, true, true]);
    expect(isAgentType(undefined)).toBe(false);
  });
});

describe('account record entry types', () => {
  it('lists exactly the contract kinds, each with a label in the locales and a known icon', () => {
    const contract: Record<TransactionType, true> = {
      deposit: true, withdrawal: true, hold: true, release: true, bet: true, win: true, bonus: true, rebate: true, transfer: true, contract: true, adjustment: true,
    };
    expect([...TRANSACTION_TYPES].sort()).toEqual(Object.keys(contract).sort());
    for (const type of TRANSACTION_TYPES) {
      expect(isTranslationKey(TRANSACTION_TYPE_KEYS[type]), type).toBe(true);
      expect(ICON_NAMES).toContain(TRANSACTION_TYPE_ICONS[type]);
    }
    expect(isTransactionType('bet')).toBe(true);
    expect(isTransactionType('BET')).toBe(false);
    expect(isTransactionType(null)).toBe(false);
  });

  it('links a reference to the deposit, the withdrawal records or the round', () => {
    expect(referenceLink('D12')).toEqual({ to: '/m/voucherCenter?deposit=12', label: 'txn_view_deposit' });
    expect(referenceLink('W3')).toEqual({ to: '/m/withdrawReport', label: 'txn_view_withdrawals' });
    expect(referenceLink('B99')).toEqual({ to: '/m/gameRecord?bet=99', label: 'txn_view_round' });
    for (const bad of [undefined, '', 'X1', 'D0', 'D', 'D1a', 'd1']) expect(referenceLink(bad), String(bad)).toBeNull();
  });
});

describe('betting record categories', () => {
  it("follows the game menu's order without HOT, each once", () => {
    expect(betCategories(['HOT', 'SPORTS', 'LIVE', 'RNG', 'LIVE', 'INHOUSE', 'bad code', 'LOTT'])).toEqual(['SPORTS', 'LIVE', 'RNG', 'INHOUSE', 'LOTT']);
    expect(betCategories([])).toEqual([]);
  });
});
