import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * The account record, betting record, profit-and-loss, deposit record and withdrawal record screens render on the server for a first
 * paint (no window, storage or timers during render, in a Node environment without a DOM): the
 * range chips and the frame of the list or figures; the member's rows load after hydration.
 */
describe('records screens on the server', () => {
  const screens = [
    { url: '/m/transaction/record?types=A&range=7d', screen: 'screen--transactionRecord', widget: 'account-records', module: 'src/app/screens/slot-screen.tsx' },
    { url: '/m/gameRecord?range=yesterday&bet=12', screen: 'screen--gameRecord', widget: 'bet-records', module: 'src/app/screens/slot-screen.tsx' },
    { url: '/m/profitandloss?range=30d', screen: 'screen--profitandloss', widget: 'profit-loss', module: 'src/app/screens/slot-screen.tsx' },
    { url: '/m/vouReport?range=7d&status=pending', screen: 'screen--vouReport', widget: 'deposit-records', module: 'src/app/screens/slot-screen.tsx' },
    { url: '/m/withdrawReport?range=yesterday&status=rejected', screen: 'screen--withdrawReport', widget: 'withdrawal-records', module: 'src/app/screens/slot-screen.tsx' },
  ];

  for (const s of screens) {
    it(`${s.url}: the range and the list frame without member data, in its own chunk`, async () => {
      const tenant = repoTenant('demo-ph');
      for (const lang of ['TY', 'EN'] as const) {
        const page = await render(`http://demo-ph.localhost${s.url}`, { tenant, startup: {} }, lang, NO_PAGE_DATA);
        expect(page.html).toContain(s.screen);
        expect(page.html).toContain('range-bar');
        expect(page.html).toContain('records-skeleton');
        // The range of the address is the pressed chip.
        expect(page.html).toMatch(/aria-pressed="true" data-choice="(7d|yesterday|30d)"/);
        // No member data and no sheet before hydration.
        expect(page.html).not.toContain('role="dialog"');
        expect(page.widgets).toContain(s.widget);
        expect(page.modules).toEqual([s.module]);
      }
    });
  }
});
