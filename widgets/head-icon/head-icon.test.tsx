// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, requestImage } from '../../src/lib/api/client';
import { checkHeadIcon, MAX_HEAD_ICON_BYTES } from '../../src/features/security';
import { SESSION_KEY, reloadSessionFromStorage } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
  requestImage: vi.fn(),
}));

const HeadIcon = manifest.component;
const imageMock = vi.mocked(requestImage);

setUpFormTests(request, <HeadIcon />, () => import('./head-icon'));

const UPLOAD = 'POST /wps/member/headIcon';
const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

// jsdom has no object URLs: each Blob gets a name that says which one it is.
const names = new Map<Blob, string>();
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => `blob:${names.get(blob) ?? 'unnamed'}`;
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

function named(blob: Blob, name: string): Blob {
  names.set(blob, name);
  return blob;
}

function file(name: string, type: string, size: number): File {
  return named(new File([new Uint8Array(size)], name, { type }), name) as File;
}

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

function setup(current: () => Blob | null, handlers: Record<string, Handler> = {}) {
  logIn();
  imageMock.mockImplementation(async () => current());
  const calls = scriptApi(request, handlers);
  renderForm(<HeadIcon />, { route: '/m/securityCenter?view=headIcon' });
  return calls;
}

const picker = () => screen.getByLabelText(TY.head_icon_pick, { selector: 'input' }) as HTMLInputElement;
const pick = (f: File) => fireEvent.change(picker(), { target: { files: [f] } });
const uploadButton = () => screen.getByRole('button', { name: TY.head_icon_upload }) as HTMLButtonElement;
const image = () => screen.queryByTestId('head-icon-image') as HTMLImageElement | null;

describe('head-icon', () => {
  it('a visitor is asked to log in and no picture is read', () => {
    scriptApi(request, {});
    renderForm(<HeadIcon />, { route: '/m/securityCenter?view=headIcon' });
    expect(screen.getByText(TY.security_login_first)).toBeTruthy();
    expect(imageMock).not.toHaveBeenCalled();
  });

  it('shows the current picture read with the session, or says there is none', async () => {
    setup(() => named(new Blob(['x'], { type: 'image/png' }), 'current'));
    await waitFor(() => expect(image()?.getAttribute('src')).toBe('blob:current'));
    expect(image()?.getAttribute('alt')).toBe(TY.head_icon_current);
    expect(imageMock).toHaveBeenCalledWith('GET', '/wps/member/headIcon');
  });

  it('without a picture says so; upload waits for a file', async () => {
    setup(() => null);
    expect(await screen.findByText(TY.head_icon_none)).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
  });

  it('refuses another type or more than 5 MB before sending, with a clear message', async () => {
    const calls = setup(() => null);
    await screen.findByText(TY.head_icon_none);
    pick(file('a.gif', 'image/gif', 100));
    expect(screen.getByText(TY.head_icon_type)).toBeTruthy();
    pick(file('big.png', 'image/png', MAX_HEAD_ICON_BYTES + 1));
    expect(screen.getByText(fill(TY.head_icon_size, { max: 5 }))).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
    expect(callsTo(calls, UPLOAD)).toHaveLength(0);
  });

  it('previews the picked picture, uploads it as the raw body, then shows the new one', async () => {
    let stored: Blob | null = named(new Blob(['old'], { type: 'image/png' }), 'old');
    const calls = setup(() => stored, {
      [UPLOAD]: (opts) => {
        stored = named(new Blob(['new'], { type: 'image/jpeg' }), 'saved');
        return opts.blob ? true : fail('image.invalid', 'err_image_invalid');
      },
    });
    await waitFor(() => expect(image()?.getAttribute('src')).toBe('blob:old'));
    const chosen = file('me.jpg', 'image/jpeg', MAX_HEAD_ICON_BYTES);
    pick(chosen);
    await waitFor(() => expect(image()?.getAttribute('src')).toBe('blob:me.jpg'));
    expect(image()?.getAttribute('alt')).toBe(TY.head_icon_preview);
    fireEvent.click(uploadButton());
    await waitFor(() => expect(image()?.getAttribute('src')).toBe('blob:saved'));
    expect(callsTo(calls, UPLOAD)[0].opts.blob).toBe(chosen);
    expect(uploadButton().disabled).toBe(true);
  });

  it('shows the server refusal by its errorCode and keeps the picked picture', async () => {
    setup(() => null, { [UPLOAD]: () => fail('image.invalid', 'err_image_invalid') });
    await screen.findByText(TY.head_icon_none);
    pick(file('fake.png', 'image/png', 10));
    fireEvent.click(uploadButton());
    expect(await screen.findByText(TY.err_image_invalid)).toBeTruthy();
    expect(image()?.getAttribute('src')).toBe('blob:fake.png');
  });

  it('checkHeadIcon: png and jpeg up to 5 MB, nothing empty', () => {
    expect(checkHeadIcon({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkHeadIcon({ type: 'image/jpeg', size: MAX_HEAD_ICON_BYTES })).toBeNull();
    expect(checkHeadIcon({ type: 'image/jpeg', size: MAX_HEAD_ICON_BYTES + 1 })).toEqual({ key: 'head_icon_size', params: { max: 5 } });
    expect(checkHeadIcon({ type: 'image/webp', size: 10 })).toEqual({ key: 'head_icon_type' });
    expect(checkHeadIcon({ type: 'image/png', size: 0 })).toEqual({ key: 'head_icon_type' });
  });
});
