import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * The message centre and feedback render on the server (no window, storage or timers during
 * render): the guard's frame for a visitor, each in its own chunk. Without its flag a route leads home.
 */
describe('message centre and feedback on the server', () => {
  const cases = [
    { path: '/m/webEmail', module: 'src/app/screens/slot-screen.tsx' },
    { path: '/m/feedback', module: 'src/app/screens/slot-screen.tsx' },
  ];

  it.each(cases)('$path renders the frame on demo-ph, in TY and EN, with its module', async ({ path, module }) => {
    const tenant = repoTenant('demo-ph');
    for (const lang of ['TY', 'EN'] as const) {
      const page = await render(`http://demo-ph.localhost${path}`, { tenant, startup: {} }, lang, NO_PAGE_DATA);
      expect(page.html).toContain('page-loading');
      expect(page.modules).toEqual([module]);
    }
  });

  it('/m/webEmail on demo-en (no MAILCEN) leads home', async () => {
    const page = await render('http://demo-en.localhost/m/webEmail', { tenant: repoTenant('demo-en'), startup: {} }, 'EN', NO_PAGE_DATA);
    expect(page.html).not.toContain('screen--webEmail');
    expect(page.widgets).not.toContain('message-centre');
  });

  it('/m/feedback on a tenant without FEEDBACK3 leads home', async () => {
    const tenant = repoTenant('demo-en');
    tenant.flags.FEEDBACK3 = false;
    const page = await render('http://demo-en.localhost/m/feedback', { tenant, startup: {} }, 'EN', NO_PAGE_DATA);
    expect(page.html).not.toContain('screen--feedback');
  });
});
