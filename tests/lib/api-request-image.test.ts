import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, configureApi, requestImage } from '../../src/lib/api/client';

/** requestImage: an image route read with the session token (the head icon), not the JSON envelope. */
describe('requestImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApi({ token: () => null, onSessionInvalid: () => undefined });
  });

  function answer(res: Response) {
    const fetchMock = vi.fn(async () => res);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends the session token and answers the picture as a Blob', async () => {
    configureApi({ token: () => 'tok-1' });
    const fetchMock = answer(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } }));
    const blob = await requestImage('GET', '/wps/member/headIcon');
    expect(blob?.type).toBe('image/png');
    expect(blob?.size).toBe(4);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/member/headIcon');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('answers null when there is no picture (404 not.found)', async () => {
    answer(Response.json({ success: false, errorCode: 'not.found', message: 'err_not_found' }, { status: 404 }));
    expect(await requestImage('GET', '/wps/member/headIcon')).toBeNull();
  });

  it('rejects other refusals like request does, and reports a dead session', async () => {
    const invalid = vi.fn();
    configureApi({ token: () => 'tok-2', onSessionInvalid: invalid });
    answer(Response.json({ success: false, errorCode: 'session.invalid', message: 'session_invalid' }, { status: 401 }));
    const err = await requestImage('GET', '/wps/member/headIcon').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).errorCode).toBe('session.invalid');
    expect(invalid).toHaveBeenCalledWith('tok-2', undefined);
  });
});
