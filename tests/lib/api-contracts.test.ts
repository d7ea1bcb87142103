/**
 * The API contract on the client: `request` is typed by the endpoint map generated from
 * schemas/api, and every SWR key has the one shape `[endpoint, query, scope]` whose entry holds
 * that endpoint's answer.
 */
import { unstable_serialize } from 'swr';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Wallet } from '../../src/generated/api/member';
import type { GamePage } from '../../src/generated/api/games';
import { request } from '../../src/lib/api/client';
import { fetchResource, isResourceKey, resourceKey, RESOURCE_DEFAULTS } from '../../src/lib/api/swr';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(() => Promise.resolve({ sumBalance: 1, currency: 'PHP', currencySymbol: '₱' })),
}));

afterEach(() => vi.mocked(request).mockClear());

describe('resource keys', () => {
  it('have one shape: endpoint, query (null when none) and scope ("" when shared)', () => {
    expect(resourceKey('GET /wps/member/wallet')).toEqual(['GET /wps/member/wallet', null, '']);
    expect(resourceKey('GET /wps/member/wallet', null, 'tok')).toEqual(['GET /wps/member/wallet', null, 'tok']);
    expect(resourceKey('GET /wps/game/categories', { language: 'EN' }, undefined)).toEqual(['GET /wps/game/categories', { language: 'EN' }, '']);
  });

  it('are equal for the same call and scope, and apart for another scope', () => {
    const a = unstable_serialize(resourceKey('GET /wps/game/hot', { language: 'EN', isPlatform: 2 }));
    expect(unstable_serialize(resourceKey('GET /wps/game/hot', { language: 'EN', isPlatform: 2 }))).toBe(a);
    expect(unstable_serialize(resourceKey('GET /wps/game/hot', { language: 'EN', isPlatform: 2 }, 'tok'))).not.toBe(a);
    expect(unstable_serialize(resourceKey('GET /wps/game/hot', { language: 'TY', isPlatform: 2 }))).not.toBe(a);
  });

  it('name their endpoint, whatever the query and scope', () => {
    expect(isResourceKey(resourceKey('GET /wps/member/wallet', null, 'tok'), 'GET /wps/member/wallet')).toBe(true);
    expect(isResourceKey(resourceKey('GET /wps/member/info', null, 'tok'), 'GET /wps/member/wallet')).toBe(false);
    expect(isResourceKey(['/wps/member/wallet'], 'GET /wps/member/wallet')).toBe(false);
    expect(isResourceKey('GET /wps/member/wallet', 'GET /wps/member/wallet')).toBe(false);
  });

  it('are fetched as their endpoint with their query', async () => {
    await expect(fetchResource(resourceKey('GET /wps/member/wallet', null, 'tok'))).resolves.toMatchObject({ sumBalance: 1 });
    expect(request).toHaveBeenLastCalledWith('GET', '/wps/member/wallet', { query: undefined });
    await fetchResource(resourceKey('GET /wps/game/list', { page: 2, language: 'EN' }));
    expect(request).toHaveBeenLastCalledWith('GET', '/wps/game/list', { query: { page: 2, language: 'EN' } });
  });

  it('share defaults: no refetch on focus unless a hook asks', () => {
    expect(RESOURCE_DEFAULTS).toEqual({ revalidateOnFocus: false });
  });
});

/** Never run: `tsc` checks these lines (the test run only proves the file loads). */
function typeContracts(): void {
  // The answer's type is the route's, not the caller's.
  expectTypeOf(request('GET', '/wps/member/wallet')).resolves.toEqualTypeOf<Wallet>();
  expectTypeOf(request('GET', '/wps/game/list', { query: { page: 1, gameType: 'RNG' } })).resolves.toEqualTypeOf<GamePage>();
  expectTypeOf(request('POST', `/wps/member/messages/${7}/read`, { body: {} })).resolves.toEqualTypeOf<true>();
  expectTypeOf(fetchResource(resourceKey('GET /wps/member/wallet'))).resolves.toEqualTypeOf<Wallet>();
  // @ts-expect-error a path no route has
  void request('GET', '/wps/member/walet');
  // @ts-expect-error a method the route does not take
  void request('POST', '/wps/member/wallet');
  // @ts-expect-error a query field the route does not take
  void request('GET', '/wps/game/list', { query: { pageNumber: 1 } });
  // @ts-expect-error a value outside the field's enum
  void request('GET', '/wps/game/list', { query: { gameType: 'SLOTS' } });
  // @ts-expect-error an encrypted route's payload must be encrypted
  void request('POST', '/wps/session/login', { body: { username: 'a', password: 'b' } });
  // @ts-expect-error a body missing a required field
  void request('POST', '/wps/game/favourites', { body: { nodeId: '1' } });
  // @ts-expect-error a key of an endpoint that is not a GET of JSON
  void resourceKey('POST /wps/game/launch');
}
void typeContracts;
