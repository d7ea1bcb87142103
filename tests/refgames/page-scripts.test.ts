// @vitest-environment jsdom
/**
 * RefGames' page scripts in a DOM: the slot shows the wallet's balance and a spin's reels, the
 * lottery its draws, tickets and a bought ticket; every text written with textContent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOTTERY_SCRIPT, SLOT_SCRIPT } from '../../reference/refgames/assets';
import { lotteryPage, slotPage } from '../../reference/refgames/pages';
import type { Session } from '../../reference/refgames/store';

const session = (over: Partial<Session>): Session => ({
  id: 's1',
  mode: 'real',
  vendor: 'LUCKYREEL',
  kind: 'slot',
  game: 'LUCKYREEL-001',
  lang: 'EN',
  lobby: null,
  lottery: 'LOTT',
  token: 't',
  user: 'u',
  currency: 'PHP',
  balance: 10_000,
  createdAt: 0,
  seenAt: 0,
  ...over,
});

type Answer = (url: string, init?: RequestInit) => unknown;
let answer: Answer;
const sent: { url: string; body: unknown }[] = [];

function load(html: string, script: string) {
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  new Function(script)();
}
const text = (id: string) => document.getElementById(id)!.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval'] });
  sent.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return { json: async () => answer(url, init) };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RefGames page scripts', () => {
  it('slot: shows the balance from the wallet, spins with the chosen stake and lights the winning line', async () => {
    answer = (url) =>
      url.endsWith('/spin')
        ? {
            result: 'ok',
            window: [
              ['SHELL', 'MASK', 'TORCH'],
              ['SHELL', 'MASK', 'COCONUT'],
              ['PALM', 'MASK', 'COCONUT'],
            ],
            wins: [{ line: 0, symbol: 'MASK', pays: 200 }],
            win: 4_000,
            balance: 13_900,
          }
        : { balance: 9_999 };
    load(slotPage(session({})), SLOT_SCRIPT);
    await vi.waitFor(() => expect(text('balance')).toBe('PHP 99.99'));
    document.getElementById('more')!.click();
    expect(text('stake')).toBe('1.00');
    document.getElementById('spin')!.click();
    await vi.waitFor(() => expect(text('balance')).toBe('PHP 139.00'));
    expect(sent.at(-1)).toEqual({ url: '/play/s1/spin', body: { stake: 100 } });
    expect(text('win')).toBe('40.00');
    expect(text('message')).toBe('Win 40.00');
    expect(document.getElementById('c01')!.className).toContain('lit');
    expect(document.getElementById('c01')!.textContent).toContain('Mask');
    expect(document.getElementById('c22')!.textContent).toContain('Coconut');
    expect(document.getElementById('c00')!.className).not.toContain('lit');
    expect((document.getElementById('spin') as HTMLButtonElement).disabled).toBe(false);
  });

  it('lottery: shows results and tickets, checks the pick, and buys a ticket on the chosen lottery', async () => {
    const lottery = (code: string, sale: string) => ({
      code,
      nextDrawAt: new Date(Date.now() + 90_000).toISOString(),
      saleDraw: { id: sale },
      results: code === 'LOTT' ? [{ number: '202611291100', status: 'drawn', result: '12345' }] : [{ number: '202611291103', status: 'void', result: null }],
    });
    answer = (url) =>
      url.endsWith('/tickets')
        ? { result: 'ok', balance: 9_000 }
        : {
            now: new Date().toISOString(),
            balance: 10_000,
            tickets: [{ drawId: 'LOTT-202611291100', bet: 'last2', pick: '45', stake: 100, win: 9_000, state: 'won' }],
            lotteries: [lottery('LOTT', 'LOTT-202611291105'), lottery('ELOTT', 'ELOTT-202611291105')],
          };
    load(lotteryPage(session({ kind: 'lottery', lang: 'TY' })), LOTTERY_SCRIPT);
    await vi.waitFor(() => expect(text('saleDraw')).toBe('LOTT-202611291105'));
    expect(text('results')).toContain('12345');
    expect(text('tickets')).toContain('Huling 2 numero 45');
    expect(text('tickets')).toContain('Nanalo 90.00');
    expect(text('countdown')).toMatch(/^01:(29|30)$/);

    document.querySelector<HTMLButtonElement>('[data-lottery="ELOTT"]')!.click();
    expect(text('saleDraw')).toBe('ELOTT-202611291105');
    expect(text('results')).toContain('kinansela');

    (document.getElementById('pick') as HTMLInputElement).value = '7';
    document.getElementById('ticket')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(text('message')).toContain('Ilagay ang mga numero');
    (document.getElementById('pick') as HTMLInputElement).value = '07';
    document.getElementById('ticket')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(text('message')).toBe('Nabili ang tiket.'));
    expect(sent.find((s) => s.url.endsWith('/tickets'))!.body).toEqual({ lottery: 'ELOTT', bet: 'last2', pick: '07', stake: 100 });
  });
});
