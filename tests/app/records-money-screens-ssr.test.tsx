import { describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import { NO_PAGE_DATA } from '../../src/lib/runtime';
import { repoTenant } from './helpers';

/**
 * Cash back, the rebate report and the transfer to the upline render on the server for a first
 * paint (no window, storage or timers during render, in a Node environment without a DOM), each in
 * its own chunk; the member's numbers load after hydration.
 */
describe('cash back, rebate report and upline transfer on the server', () => {
  const cases = [
    { path: '/m/member/manualRebate', screen: 'screen--manualRebate', frame: 'cash-back--loading', widget: 'cash-back', module: 'src/features/records/screens/manual-rebate-screen.tsx' },
    { path: '/m/member/rebateReport', screen: 'screen--rebateReport', frame: 'range-bar', widget: 'rebate-report', module: 'src/features/records/screens/rebate-report-screen.tsx' },
    { path: '/m/upLine/transfer', screen: 'screen--uplineTransfer', frame: 'upline-transfer--loading', widget: 'upline-transfer', module: 'src/features/records/screens/upline-transfer-screen.tsx' },
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
