// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildGateContext,
  detectInstallMode,
  readStoredSession,
  RuntimeProvider,
  SESSION_KEY,
  useBadge,
  useRuntime,
  type RuntimeProviderProps,
} from '../../src/lib/runtime';
import { fixtureTenant } from './fixtures/tenant';

const SESSION = { token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type: 1, firstTimeLogin: false };

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function wrapper(props: Partial<RuntimeProviderProps> = {}) {
  const config = props.config ?? { tenant: fixtureTenant(), startup: {} };
  return ({ children }: { children: ReactNode }) => (
    <RuntimeProvider install="browser" navigate={() => {}} {...props} config={config}>
      {children}
    </RuntimeProvider>
  );
}

describe('session from storage', () => {
  it('reads a valid MC_SESSION_INFO record', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    expect(readStoredSession()).toEqual(SESSION);
  });

  it('treats a record that fails the schema, or unparsable text, as no session', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...SESSION, token: 'short' }));
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...SESSION, admin: true }));
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
  });
});

describe('gate context', () => {
  it('is a visitor context without a session', () => {
    const ctx = buildGateContext({ tenant: fixtureTenant(), startup: {} }, null, 'browser');
    expect(ctx).toMatchObject({ session: false, memberType: null, install: 'browser', promos: ['REFERRAL'] });
    expect(ctx.flags.REWCEN3).toBe(true);
  });

  it('takes member type from the session', () => {
    const ctx = buildGateContext({ tenant: fixtureTenant(), startup: {} }, SESSION, 'app');
    expect(ctx).toMatchObject({ session: true, memberType: 1, install: 'app' });
  });

  it("prefers the server's startup flags, template and promotions over the tenant file", () => {
    const ctx = buildGateContext(
      {
        tenant: fixtureTenant(),
        startup: {
          info: { whitelabel: { MAILCEN: true }, mobileTemplate: { mem_cen: '0' }, promotions: ['MISSION'] },
          maintenance: true,
        },
      },
      null,
      'browser',
    );
    expect(ctx.flags).toEqual({ MAILCEN: true });
    expect(ctx.promos).toEqual(['MISSION']);
    expect(ctx.settings).toMatchObject({ mobileTemplate: { mem_cen: '0', dep_func: '0' }, status: { maintenance: true } });
  });
});

describe('useRuntime', () => {
  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useRuntime())).toThrow(/RuntimeProvider/);
  });

  it('gives the tenant, a visitor gate context and badges', () => {
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper({ badges: { unreadMessages: 4 } }) });
    expect(result.current.tenant.id).toBe('fixture-ph');
    expect(result.current.session).toBeNull();
    expect(result.current.gateContext.session).toBe(false);
    expect(result.current.badges).toEqual({ unreadMessages: 4 });
  });

  it('picks up a session stored before mount', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper() });
    expect(result.current.gateContext).toMatchObject({ session: true, memberType: 1 });
  });

  it('follows a login or logout in another tab (storage event)', () => {
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper() });
    localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    });
    expect(result.current.session?.userName).toBe('juan');
  });

  it('requireLogin goes to /m/login, or calls the provided handler', () => {
    const navigate = vi.fn();
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper({ navigate }) });
    result.current.requireLogin();
    expect(navigate).toHaveBeenCalledWith('/m/login');
    const onRequireLogin = vi.fn();
    const other = renderHook(() => useRuntime(), { wrapper: wrapper({ navigate, onRequireLogin }) });
    other.result.current.requireLogin();
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
  });

  it('customerService opens the configured URL in a new window', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper() });
    result.current.dispatch('customerService');
    expect(open).toHaveBeenCalledWith('https://service.example.com/chat', '_blank', 'noopener,noreferrer');
  });

  it('download opens the download page; no action throws, even when its handler does', () => {
    const navigate = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useRuntime(), {
      wrapper: wrapper({
        navigate,
        actionHandlers: {
          referral: () => {
            throw new Error('dialog missing');
          },
        },
      }),
    });
    result.current.dispatch('download');
    expect(navigate).toHaveBeenCalledWith('/m/download');
    for (const a of ['referral', 'refreshBalance', 'language'] as const) expect(() => result.current.dispatch(a)).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('toggleBalance flips balanceHidden', () => {
    const { result } = renderHook(() => useRuntime(), { wrapper: wrapper() });
    expect(result.current.balanceHidden).toBe(false);
    act(() => result.current.dispatch('toggleBalance'));
    expect(result.current.balanceHidden).toBe(true);
  });
});

describe('useBadge', () => {
  it('returns the count, 0 for a missing, negative or non-finite count, and 0 without a name', () => {
    function Probe() {
      const values = [
        useBadge('unclaimedPromotions'),
        useBadge('unreadMessages'),
        useBadge('agentNoticeUnread'),
        useBadge(undefined),
      ];
      return <output>{values.join(',')}</output>;
    }
    const Wrapper = wrapper({ badges: { unclaimedPromotions: 3, unreadMessages: -1, agentNoticeUnread: Number.NaN } });
    const { container } = render(
      <Wrapper>
        <Probe />
      </Wrapper>,
    );
    expect(container.textContent).toBe('3,0,0,0');
  });
});

describe('detectInstallMode', () => {
  const win = (search: string, extra: Partial<{ standalone: boolean; display: boolean; ua: string }> = {}) =>
    ({
      location: { search },
      navigator: { userAgent: extra.ua ?? 'Mozilla/5.0', standalone: extra.standalone },
      matchMedia: () => ({ matches: extra.display ?? false }),
    }) as unknown as Window;

  it('tells app, web clip, PWA and browser apart', () => {
    expect(detectInstallMode(win('?app=1'))).toBe('app');
    expect(detectInstallMode(win('', { standalone: true }))).toBe('webclip');
    expect(detectInstallMode(win('', { display: true }))).toBe('pwa');
    expect(detectInstallMode(win('?apple=1'))).toBe('browser');
    expect(detectInstallMode(undefined)).toBe('browser');
  });
});
