import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * The security centre renders on the server for a first paint (no window, storage, timers or
 * object URLs during render, in a Node environment without a DOM); member data loads after hydration.
 */
describe('security centre on the server', () => {
  it('renders the frame of each view without member data', async () => {
    const tenant = repoTenant('demo-ph');
    const hub = await render('http://demo-ph.localhost/m/securityCenter', { tenant, startup: {} }, 'TY', NO_PAGE_DATA);
    expect(hub.html).toContain('security-centre--hub');
    expect(hub.html).toContain('security-hub--loading');
    expect(hub.widgets).toContain('security-hub');
    expect(hub.modules).toEqual(['src/features/security/screens/security-centre-screen.tsx']);
    const pay = await render('http://demo-ph.localhost/m/securityCenter?view=paymentPassword', { tenant, startup: {} }, 'EN', NO_PAGE_DATA);
    expect(pay.html).toContain('payment-password--loading');
    expect(pay.widgets).toContain('payment-password');
    const icon = await render('http://demo-ph.localhost/m/securityCenter?view=headIcon', { tenant, startup: {} }, 'EN', NO_PAGE_DATA);
    expect(icon.html).toContain('head-icon--loading');
    const unknown = await render('http://demo-ph.localhost/m/securityCenter?view=%3Cscript%3E', { tenant, startup: {} }, 'EN', NO_PAGE_DATA);
    expect(unknown.html).toContain('security-centre--hub');
    expect(unknown.html).not.toContain('<script>');
  });
});
