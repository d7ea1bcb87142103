import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * The withdraw screen renders on the server for a first paint (no window, storage or timers during
 * render, in a Node environment without a DOM); the member's eligibility loads after hydration.
 */
describe('withdraw screen on the server', () => {
  it('renders the panel and form frames without member data, in its own chunk', async () => {
    const tenant = repoTenant('demo-ph');
    for (const lang of ['TY', 'EN'] as const) {
      const page = await render('http://demo-ph.localhost/m/withdraw', { tenant, startup: {} }, lang, NO_PAGE_DATA);
      expect(page.html).toContain('screen--withdraw');
      expect(page.html).toContain('withdraw-blockers--loading');
      expect(page.html).toContain('withdraw-form--loading');
      expect(page.widgets).toEqual(expect.arrayContaining(['withdraw-blockers', 'withdraw-form']));
      expect(page.modules).toEqual(['src/app/screens/slot-screen.tsx']);
    }
  });
});
