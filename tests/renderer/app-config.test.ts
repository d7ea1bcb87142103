// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, loadAppConfig, parseAppConfig, readInjectedConfig } from '../../src/lib/app-config';
import { fixtureTenant } from './fixtures/tenant';

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

function inject(json: string) {
  const el = document.createElement('script');
  el.id = 'app-config';
  el.type = 'application/json';
  el.textContent = json;
  document.head.append(el);
}

describe('app config', () => {
  it('reads the JSON block the server injected', async () => {
    inject(JSON.stringify({ tenant: fixtureTenant(), startup: { maintenance: false } }));
    const fetchImpl = vi.fn();
    const config = await loadAppConfig(document, fetchImpl as unknown as typeof fetch);
    expect(config.tenant.id).toBe('fixture-ph');
    expect(config.startup).toEqual({ maintenance: false });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('without an injected block (Vite dev server), fetches the bootstrap envelope', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: true, value: { tenant: fixtureTenant(), startup: {} } })));
    const config = await loadAppConfig(document, fetchImpl as unknown as typeof fetch);
    expect(config.tenant.id).toBe('fixture-ph');
    expect(fetchImpl).toHaveBeenCalledWith('/wps/system/bootstrap', expect.anything());
  });

  it('rejects a failed bootstrap envelope or HTTP error', async () => {
    const failed = vi.fn(async () => new Response(JSON.stringify({ success: false, errorCode: 'X' })));
    await expect(loadAppConfig(document, failed as unknown as typeof fetch)).rejects.toThrow(/bootstrap/);
    const http = vi.fn(async () => new Response('nope', { status: 502 }));
    await expect(loadAppConfig(document, http as unknown as typeof fetch)).rejects.toThrow(/502/);
  });

  it('rejects a config without a resolved tenant', () => {
    expect(() => parseAppConfig({})).toThrow(/tenant/);
    expect(() => parseAppConfig({ tenant: { id: 'x' } })).toThrow(/resolved/);
    expect(readInjectedConfig(document)).toBeNull();
  });

  it("keeps the server's time zone window and drops a malformed one", () => {
    const zone = { name: 'Europe/London', from: 1000, until: 9000, offsets: [[1000, 0], [5000, 60]] };
    const tenant = fixtureTenant();
    expect(parseAppConfig({ tenant, startup: {}, zone }).zone).toEqual(zone);
    expect('zone' in parseAppConfig({ tenant, startup: {} })).toBe(false);
    for (const bad of [
      null,
      'Europe/London',
      { ...zone, name: 1 },
      { ...zone, until: 1000 },
      { ...zone, offsets: [] },
      { ...zone, offsets: [[2000, 0]] },
      { ...zone, offsets: [[1000, 0], [1000, 60]] },
      { ...zone, offsets: [[1000, 0], [5000, 'x']] },
      { ...zone, offsets: [[1000, 0, 1]] },
    ]) {
      expect(parseAppConfig({ tenant, startup: {}, zone: bad }).zone).toBeUndefined();
    }
  });

  it('writes the theme tokens as CSS variables on <html>', () => {
    applyTheme(fixtureTenant().brand.theme);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#0a7c3e');
    expect(style.getPropertyValue('--color-on-primary')).toBe('#ffffff');
    expect(style.getPropertyValue('--color-text-muted')).toBe('#5d6762');
    expect(style.getPropertyValue('--color-danger')).toBe('#d62d20');
  });
});
