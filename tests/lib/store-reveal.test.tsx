// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { Suspense, use, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, SESSION_KEY, useBadge, useSessionInfo } from '../../src/lib/runtime';
import { reloadSessionFromStorage } from '../../src/lib/session';
import { proxy } from 'valtio';
import { patchState, useHydrated, useProxyState } from '../../src/lib/hydration';
import { fixtureTenant } from '../renderer/fixtures/tenant';

const SESSION = { token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type: 1, firstTimeLogin: false };

let roots: Root[] = [];
afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  cleanup();
  localStorage.clear();
  reloadSessionFromStorage();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Renders `ui` as the server would, then hydrates that HTML in the browser with `ui` again. */
async function hydrate(serverUi: ReactNode, clientUi: ReactNode = serverUi, beforeHydrate?: () => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(serverUi);
  document.body.appendChild(container);
  beforeHydrate?.();
  const onRecoverableError = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  await act(async () => {
    roots.push(hydrateRoot(container, clientUi, { onRecoverableError }));
  });
  return { container, onRecoverableError, consoleError };
}

interface Shown {
  member: boolean;
  badge: number;
  theme: string;
}
const VISITOR: Shown = { member: false, badge: 0, theme: 'light' };

describe('useProxyState after hydration', () => {
  it('moves a hydrated reader to the live state in a transition: a member view that suspends keeps the visitor view up', async () => {
    const store = proxy<Shown>({ member: true, badge: 0, theme: 'light' });
    let release!: () => void;
    const memberCode = new Promise<void>((resolve) => {
      release = resolve;
    });
    function MemberCard() {
      use(memberCode);
      return <p>member</p>;
    }
    function Reader() {
      const member = useProxyState(store, (s) => s.member, VISITOR);
      return member ? <MemberCard /> : <p>visitor</p>;
    }
    const ui = (
      <Suspense fallback={<p>loading</p>}>
        <Reader />
      </Suspense>
    );
    // The server renders the visitor; the store's snapshot on the server is the server state.
    const { container, onRecoverableError, consoleError } = await hydrate(ui);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // A blocking update that suspends would replace the visible content by the fallback; a
    // transition keeps the visitor view on screen until the member view is ready.
    expect(container.textContent).toBe('visitor');
    await act(async () => {
      release();
      await memberCode;
    });
    expect(container.textContent).toBe('member');
  });

  it('re-renders only readers whose value differs, and later changes reach readers at once and precisely', async () => {
    const store = proxy<Shown>({ member: true, badge: 0, theme: 'light' });
    const renders = { member: 0, badge: 0, theme: 0 };
    function Field({ name }: { name: keyof Shown }) {
      const value = useProxyState(store, (s) => s[name], VISITOR);
      renders[name] += 1;
      return <span>{`${name}=${String(value)};`}</span>;
    }
    const ui = (
      <div>
        <Field name="member" />
        <Field name="badge" />
        <Field name="theme" />
      </div>
    );
    const { container, onRecoverableError } = await hydrate(ui);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('member=true;badge=0;theme=light;');
    // The server and hydration rendered each once; only the reader whose value differs rendered again.
    expect(renders).toEqual({ member: 3, badge: 2, theme: 2 });

    act(() => patchState(store, { badge: 3 }));
    expect(container.textContent).toBe('member=true;badge=3;theme=light;');
    expect(renders).toEqual({ member: 3, badge: 3, theme: 2 });
    act(() => patchState(store, { member: false }));
    expect(container.textContent).toBe('member=false;badge=3;theme=light;');
    expect(renders).toEqual({ member: 4, badge: 3, theme: 2 });
  });

  it('a change while the reveal is pending is not lost', async () => {
    const store = proxy<Shown>({ member: true, badge: 0, theme: 'light' });
    function Reader() {
      const member = useProxyState(store, (s) => s.member, VISITOR);
      const badge = useProxyState(store, (s) => s.badge, VISITOR);
      return <p>{`${String(member)}/${badge}`}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Reader />);
    document.body.appendChild(container);
    await act(async () => {
      roots.push(hydrateRoot(container, <Reader />));
      // Before the reveal has rendered: a badge arrives.
      patchState(store, { badge: 5 });
    });
    expect(container.textContent).toBe('true/5');
  });

  it('moves useHydrated in the same transition: a guard never sees a hydrated page without the member', async () => {
    const store = proxy<Shown>({ member: true, badge: 0, theme: 'light' });
    const seen: string[] = [];
    function Guard() {
      const hydrated = useHydrated();
      const member = useProxyState(store, (s) => s.member, VISITOR);
      seen.push(`${String(hydrated)}/${String(member)}`);
      return <p>{hydrated ? (member ? 'page' : 'sent home') : 'loading'}</p>;
    }
    const { container, onRecoverableError } = await hydrate(<Guard />);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('page');
    expect(seen).not.toContain('true/false');
  });

  it('a reader mounted outside hydration reads the live state from its first render', async () => {
    const store = proxy<Shown>({ member: true, badge: 0, theme: 'light' });
    const seen: boolean[] = [];
    function Reader() {
      const member = useProxyState(store, (s) => s.member, VISITOR);
      seen.push(member);
      return <p>{String(member)}</p>;
    }
    const container = document.createElement('div');
    document.body.appendChild(container);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    roots.push(root);
    await act(async () => root.render(<Reader />));
    expect(seen).toEqual([true]);
  });
});

describe('a member hydrating a page the server rendered for a visitor', () => {
  function Page() {
    const session = useSessionInfo();
    const badge = useBadge('unreadMessages');
    return <p>{session ? `member ${session.userName} ${badge}` : 'visitor'}</p>;
  }
  const config = { tenant: fixtureTenant(), startup: {} };
  const page = (
    <RuntimeProvider config={config} install="browser" navigate={() => {}} badges={{ unreadMessages: 2 }}>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </RuntimeProvider>
  );

  it('hydrates without a mismatch, then shows the member', async () => {
    const { container, onRecoverableError, consoleError } = await hydrate(page, page, () => {
      localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('member juan 2');
  });
});
