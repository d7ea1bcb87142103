import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, request, staleData } from '../../src/lib/api/client';

/** The API client notes answers the server served from its cache while its database was out of reach. */
describe('stale answers (Warning: 110)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    (staleData.stale = false);
  });

  function answer(res: Response) {
    vi.stubGlobal('fetch', vi.fn(async () => res));
  }
  const ok = (headers: Record<string, string> = {}) => Response.json({ success: true, value: { list: [] } }, { status: 200, headers });

  it('a stale answer sets the state, the next fresh answer clears it', async () => {
    answer(ok({ warning: '110 - "Response is stale"' }));
    await request('GET', '/wps/game/hot');
    expect(staleData.stale).toBe(true);
    answer(ok());
    await request('GET', '/wps/game/hot');
    expect(staleData.stale).toBe(false);
  });

  it('a refusal (503 while the database is out of reach) leaves the state as it was; other warnings do not set it', async () => {
    (staleData.stale = true);
    answer(Response.json({ success: false, errorCode: 'site.unavailable', message: 'system_upgrading' }, { status: 503 }));
    await expect(request('GET', '/wps/member/info')).rejects.toBeInstanceOf(ApiFailure);
    expect(staleData.stale).toBe(true);
    (staleData.stale = false);
    answer(ok({ warning: '199 - "Miscellaneous warning"' }));
    await request('GET', '/wps/game/hot');
    expect(staleData.stale).toBe(false);
  });
});
