import { describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import { NO_PAGE_DATA } from '../../src/lib/runtime';
import { repoTenant } from './helpers';

/**
 * The notice list, the agent announcements and the winners page render on the server (no window,
 * storage or timers during render): their frames, with the data loading after hydration.
 */
describe('notices and winners on the server', () => {
  it.each(['TY', 'EN'])('/m/notice renders the notice list frame (%s)', async (lang) => {
    const page = await render('http://demo-ph.localhost/m/notice', { tenant: repoTenant('demo-ph'), startup: {} }, lang, NO_PAGE_DATA);
    expect(page.html).toContain('screen--notice');
    expect(page.html).toContain('notice-list--loading');
    expect(page.widgets).toContain('notice-list');
  });

  it('/m/member/notice renders the guard frame, without any announcement', async () => {
    const page = await render('http://demo-ph.localhost/m/member/notice?types=A', { tenant: repoTenant('demo-ph'), startup: {} }, 'EN', NO_PAGE_DATA);
    expect(page.html).toContain('page-loading');
    expect(page.html).not.toContain('notice-item');
  });

  it.each(['TY', 'EN'])('/m/winnerPage renders the jackpot and the winners list frame (%s)', async (lang) => {
    const page = await render('http://demo-ph.localhost/m/winnerPage?period=week', { tenant: repoTenant('demo-ph'), startup: {} }, lang, NO_PAGE_DATA);
    expect(page.html).toContain('screen--winnerPage');
    expect(page.html).toContain('jackpot-counter');
    expect(page.html).toContain('winner-list');
    expect(page.widgets).toEqual(expect.arrayContaining(['jackpot-counter', 'winner-list']));
  });
});
