// @vitest-environment jsdom
/**
 * Member resources are cached by member (useMemberScope), not by session token: a renewal keeps
 * the member's cache, and another member logging in on the same phone never sees the first one's.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceToken, SESSION_KEY, sessionStore, setSession } from '../../src/lib/session';
import { useMemberScope } from '../../src/lib/runtime';
import { Harness } from '../renderer/harness';

const login = (userName: string, token: string) => ({ token, userName, customerType: 0, firstTimeLogin: false });

/** A member already logged in when the page opens (the shell reads the session from storage). */
function storedLogin(userName: string, token: string, merchantCode: string) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token, merchantCode, userName, type: 0, firstTimeLogin: false }));
}

function Probe({ seen }: { seen: (string | null)[] }) {
  seen.push(useMemberScope());
  return null;
}

afterEach(() => {
  cleanup();
  act(() => {
    sessionStore.info = null;
  });
  localStorage.clear();
});

describe('member scope', () => {
  it('stays the same across a token renewal, and renders nothing again for it', async () => {
    storedLogin('juan', 'tok-aaaaaaaaaaaaaaaa', 'fixture01');
    const seen: (string | null)[] = [];
    render(
      <Harness options={{}}>
        <Probe seen={seen} />
      </Harness>,
    );
    await act(async () => undefined);
    const before = seen.length;
    expect(seen.at(-1)).toBe('fixture01:juan');
    await act(async () => replaceToken('tok-aaaaaaaaaaaaaaaa', 'tok-bbbbbbbbbbbbbbbb'));
    expect(sessionStore.info?.token).toBe('tok-bbbbbbbbbbbbbbbb');
    expect(seen.length).toBe(before);
  });

  it('differs for another member of the same merchant, another merchant, and a visitor', async () => {
    const seen: (string | null)[] = [];
    storedLogin('juan', 'tok-aaaaaaaaaaaaaaaa', 'fixture01');
    render(
      <Harness options={{}}>
        <Probe seen={seen} />
      </Harness>,
    );
    await act(async () => undefined);
    expect(seen.at(-1)).toBe('fixture01:juan');
    await act(async () => setSession(login('maria', 'tok-cccccccccccccccc'), 'fixture01'));
    expect(seen.at(-1)).toBe('fixture01:maria');
    await act(async () => setSession(login('juan', 'tok-dddddddddddddddd'), 'other02'));
    expect(seen.at(-1)).toBe('other02:juan');
    await act(async () => {
      sessionStore.info = null;
    });
    expect(seen.at(-1)).toBeNull();
  });
});
