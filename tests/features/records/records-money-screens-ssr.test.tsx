import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * Cash back, the rebate report, the transfer to the upline and the reward centre render on the server for a first
 * paint (no window, storage or timers during render, in a Node environment without a DOM), each in
 * its own chunk; the member's numbers load after hydration.
 */
describe('cash back, rebate report, upline transfer and reward centre on the server', () => {
  const cases = [
    { path: '/m/member/manualRebate', screen: 'screen--manualRebate', frame: 'cash-back--loading', widget: 'cash-back', module: 'src/app/screens/slot-screen.tsx' },
    { path: '/m/member/rebateReport', screen: 'screen--rebateReport', frame: 'range-bar', widget: 'rebate-report', module: 'src/app/screens/slot-screen.tsx' },
    { path: '/m/upLine/transfer', screen: 'screen--uplineTransfer', frame: 'upline-transfer--loading', widget: 'upline-transfer', module: 'src/app/screens/slot-screen.tsx' },
    { path: '/m/rewardCenter', screen: 'screen--rewardCenter', frame: 'reward-center--loading', widget: 'reward-center', module: 'src/app/screens/slot-screen.tsx' },
  ];

  it.each(cases)('$path renders its frame without member data', async ({ path, screen, frame, widget, module }) => {
    const tenant = repoTenant('demo-ph');
    for (const lang of ['TY', 'EN'] as const) {
      const page = await render(`http://demo-ph.localhost${path}`, { tenant, startup: {} }, lang, NO_PAGE_DATA);
      expect(page.html).toContain(screen);
      expect(page.html).toContain(frame);
      expect(page.widgets).toEqual(expect.arrayContaining([widget]));
      expect(page.modules).toEqual([module]);
    }
  });
});

describe('the reward centre without its flag', () => {
  it('leads home on demo-en, whose reward centre is off', async () => {
    const page = await render('http://demo-en.localhost/m/rewardCenter', { tenant: repoTenant('demo-en'), startup: {} }, 'EN', NO_PAGE_DATA);
    expect(page.html).not.toContain('screen--rewardCenter');
  });
});

describe('promotions on the server', () => {
  it.each([
    ['/m/activity', 'promotion-list', 'promotion-list__cards--loading'],
    ['/m/activityInfo?code=daily-sign-in', 'promotion-detail', 'promotion-detail--loading'],
  ])('%s renders its frame for a visitor', async (path, widget, frame) => {
    const page = await render(`http://demo-ph.localhost${path}`, { tenant: repoTenant('demo-ph'), startup: {} }, 'TY', NO_PAGE_DATA);
    expect(page.html).toContain(frame);
    expect(page.widgets).toEqual(expect.arrayContaining([widget]));
  });
});
