import { describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

/**
 * The deposit screen renders on the server for a first paint (no window, storage or timers during
 * render, in a Node environment without a DOM); the member's channels and deposit load after hydration.
 */
describe('deposit screen on the server', () => {
  it('renders the form frame and the detail frame without member data', async () => {
    const tenant = repoTenant('demo-ph');
    const form = await render('http://demo-ph.localhost/m/voucherCenter', { tenant, startup: {} }, 'TY', NO_PAGE_DATA);
    expect(form.html).toContain('deposit-screen--base');
    expect(form.html).toContain('deposit-form--loading');
    expect(form.widgets).toContain('deposit-form');
    expect(form.modules).toEqual(['src/features/wallet/screens/deposit-screen.tsx']);
    const detail = await render('http://demo-ph.localhost/m/voucherCenter?deposit=12', { tenant, startup: { info: { mobileTemplate: { dep_func: '1' } } } }, 'EN', NO_PAGE_DATA);
    expect(detail.html).toContain('deposit-screen--new');
    expect(detail.html).toContain('data-layout="new"');
    expect(detail.widgets).toContain('deposit-detail');
  });
});
