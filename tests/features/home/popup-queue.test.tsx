// @vitest-environment jsdom
/**
 * Finding: a downline agent's home opened two popups stacked (the announcement and the contract
 * prompt). Popups that open by themselves now take turns: one shows, the next after it is closed,
 * and none over a dialog the member opened.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMemberData, setMemberData } from '../../../src/features/account';
import type { Announcements } from '../../../src/features/home';
import { HomeScreen } from '../../../src/features/home/screens/home-screen';
import type { MemberInfo } from '../../../src/generated/api/member';
import type { Tenant } from '../../../src/generated/tenant';
import { Modal } from '../../../src/components/modal';
import { usePopupTurn } from '../../../src/components/popup-queue';
import { SESSION_KEY, sessionStore } from '../../../src/lib/session';
import { renderWithRuntime, TY } from '../../renderer/harness';
import { fixtureTenant } from '../../renderer/fixtures/tenant';
import type { PopupItem } from '../../../widgets/announcement-popup/rules';

vi.mock('../../../src/lib/api/session', () => ({ useSessionRenewal: () => undefined }));

let popups: PopupItem[] = [];
/** Called by the announcement popup once it reads its list (500 ms after the home mounts). */
const readAnnouncements = vi.fn(() => ({ data: { banners: [], notices: [], popups, hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } } satisfies Announcements }));
vi.mock('../../../src/features/home/api/announcements', () => ({ useHomeAnnouncements: () => readAnnouncements() }));

/** A downline agent with a salary contract to sign (the contract prompt's reason to show). */
const DOWNLINE_AGENT: MemberInfo = {
  id: 21,
  account: 'sub001',
  type: 1,
  regDate: '2026-11-01T00:00:00.000Z',
  toUpline: 'boss1',
  passwordSet: true,
  vipLevel: 0,
  vipName: 'vip_level_regular',
  dailysalreqtype: '7',
  divtypecompperiodreq: '',
  contracthoursalreq: '',
};

const ANNOUNCEMENT: PopupItem = { id: 1, title: 'Weekend bonus', content: '<p>Deposit and get 10%</p>', execution: 'A', promotionType: null };

/** The home screen with the base tenant's two popups in its main slot. */
function homeTenant(): Tenant {
  const tenant = fixtureTenant();
  tenant.screens.home = {
    slots: {
      main: {
        items: { announcementPopup: { widget: 'announcement-popup', props: { goTo: '/m/activity' } }, contractPrompt: { widget: 'contract-prompt' } },
        order: ['announcementPopup', 'contractPrompt'],
      },
    },
  };
  return tenant;
}

function signIn(): void {
  const info = { token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'sub001', type: 1, firstTimeLogin: false };
  localStorage.setItem(SESSION_KEY, JSON.stringify(info));
  sessionStore.info = info;
}

const dialogs = () => screen.queryAllByRole('dialog');

beforeAll(async () => {
  // The dialogs are lazy chunks: loaded once here so the turns, not the imports, set the pace.
  await Promise.all([import('../../../widgets/announcement-popup/popup-host'), import('../../../widgets/announcement-popup/announcement-popup'), import('../../../widgets/contract-prompt/contract-prompt')]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  clearMemberData();
  sessionStore.info = null;
  vi.restoreAllMocks();
  readAnnouncements.mockClear();
});

describe("a downline agent's home: popups one at a time", () => {
  it('shows the contract prompt alone; the announcement shows only once the prompt is closed', async () => {
    signIn();
    popups = [ANNOUNCEMENT];
    setMemberData({ member: DOWNLINE_AGENT });
    renderWithRuntime(<HomeScreen />, { tenant: homeTenant() });
    expect(await screen.findByTestId('contract-prompt')).toBeTruthy();
    // The announcement has read its list (500 ms after the home mounted) and would show within a
    // moment (its dialog is a lazy part: React reveals it up to 300 ms later): it waits instead.
    await waitFor(() => expect(readAnnouncements).toHaveBeenCalled(), { timeout: 3000 });
    await expect(waitFor(() => expect(dialogs()).toHaveLength(2), { timeout: 1500 })).rejects.toThrow();
    expect(dialogs()).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Weekend bonus' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.contract_prompt_later }));
    expect(await screen.findByRole('dialog', { name: 'Weekend bonus' })).toBeTruthy();
    expect(dialogs()).toHaveLength(1);
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
  });

  it('the other way round: a prompt that arrives while the announcement shows waits for its close (after the closing animation)', async () => {
    signIn();
    popups = [ANNOUNCEMENT];
    renderWithRuntime(<HomeScreen />, { tenant: homeTenant() });
    expect(await screen.findByRole('dialog', { name: 'Weekend bonus' }, { timeout: 3000 })).toBeTruthy();
    act(() => setMemberData({ member: DOWNLINE_AGENT }));
    await expect(waitFor(() => expect(screen.getByTestId('contract-prompt')).toBeTruthy(), { timeout: 1000 })).rejects.toThrow();
    expect(dialogs()).toHaveLength(1);
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.close }));
    expect(await screen.findByTestId('contract-prompt')).toBeTruthy();
    expect(dialogs()).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Weekend bonus' })).toBeNull();
  });
});

/** A popup that opens by itself once `ready`, as the home's do. */
function AutoPopup({ name, ready = true }: { name: string; ready?: boolean }) {
  const [closed, setClosed] = useState(false);
  const turn = usePopupTurn(ready && !closed);
  if (!ready || closed || !turn) return null;
  return (
    <Modal labelledBy={`${name}-title`} onDismiss={() => setClosed(true)}>
      <h2 id={`${name}-title`}>{name}</h2>
      <button type="button" onClick={() => setClosed(true)}>
        close {name}
      </button>
    </Modal>
  );
}

describe('usePopupTurn', () => {
  it('gives turns in the order asked, one at a time', () => {
    render(
      <>
        <AutoPopup name="first" />
        <AutoPopup name="second" />
        <AutoPopup name="third" />
      </>,
    );
    expect(dialogs().map((d) => d.textContent)).toEqual(['firstclose first']);
    fireEvent.click(screen.getByRole('button', { name: 'close first' }));
    expect(dialogs().map((d) => d.getAttribute('aria-labelledby'))).toEqual(['second-title']);
    fireEvent.click(screen.getByRole('button', { name: 'close second' }));
    expect(dialogs().map((d) => d.getAttribute('aria-labelledby'))).toEqual(['third-title']);
    fireEvent.click(screen.getByRole('button', { name: 'close third' }));
    expect(dialogs()).toHaveLength(0);
  });

  it('waits while a dialog the member opened is open, and a popup that goes away gives up its turn', async () => {
    function Page() {
      const [own, setOwn] = useState(true);
      const [second, setSecond] = useState(true);
      return (
        <>
          {own ? (
            <Modal labelledBy="own-title" onDismiss={() => setOwn(false)}>
              <h2 id="own-title">own</h2>
              <button type="button" onClick={() => setOwn(false)}>
                close own
              </button>
            </Modal>
          ) : null}
          <AutoPopup name="auto" />
          {second ? <AutoPopup name="gone" /> : null}
          <button type="button" onClick={() => setSecond(false)}>
            drop gone
          </button>
        </>
      );
    }
    render(<Page />);
    expect(dialogs().map((d) => d.getAttribute('aria-labelledby'))).toEqual(['own-title']);
    fireEvent.click(screen.getByRole('button', { name: 'close own' }));
    await waitFor(() => expect(dialogs().map((d) => d.getAttribute('aria-labelledby'))).toEqual(['auto-title']));
    // The waiting one leaves (its page part went): nothing shows after the current one.
    fireEvent.click(screen.getByRole('button', { name: 'drop gone', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'close auto' }));
    expect(dialogs()).toHaveLength(0);
  });
});
