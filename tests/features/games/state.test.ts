import { describe, expect, it } from 'vitest';
import { initialState, reducer, routeSelection, sourceOf, type GameListState } from '../../../widgets/game-list/state';

const rng = () => initialState('RNG');

describe('game-list tab rules (spec section 4)', () => {
  it("'all' lists every game of the category (classification ALL), slots included; NEW is the filter's choice", () => {
    expect(rng().filter.gameClassify).toBe('ALL');
    expect(sourceOf(rng())).toEqual({ kind: 'list', filter: { gameType: 'RNG', gameClassify: 'ALL', vassalage: undefined, gameName: undefined, minBet: undefined } });
    expect(initialState('FISH').filter.gameClassify).toBe('ALL');
    expect(initialState('LIVE').filter.gameClassify).toBe('ALL');
    // Back to all from a vendor tab, and from the new games chosen in the filter.
    const vendor = reducer(rng(), { type: 'vendor', vassalage: 'NEONSPIN' });
    expect(vendor.filter.gameClassify).toBe('ALL');
    const all = reducer(vendor, { type: 'tab', tab: 'all' });
    expect(all.filter).toMatchObject({ gameClassify: 'ALL', vassalage: '' });
    const fresh = reducer(rng(), { type: 'apply', vassalage: '', gameClassify: 'NEW', minBet: null });
    expect(sourceOf(fresh)).toMatchObject({ kind: 'list', filter: { gameClassify: 'NEW' } });
    expect(reducer(fresh, { type: 'tab', tab: 'all' }).filter.gameClassify).toBe('ALL');
    const fishAll = reducer(reducer(initialState('FISH'), { type: 'vendor', vassalage: 'REEFHUNT' }), { type: 'tab', tab: 'all' });
    expect(fishAll.filter.gameClassify).toBe('ALL');
  });

  it('every tab change reloads (a new epoch: useSWRInfinite starts again at page 1)', () => {
    let s: GameListState = rng();
    const epochs = [s.reload];
    for (const tab of ['hot', 'recent', 'fav', 'all', 'all'] as const) {
      s = reducer(s, { type: 'tab', tab });
      epochs.push(s.reload);
    }
    expect(new Set(epochs).size).toBe(epochs.length);
  });

  it('a vendor tab reloads with that vendor', () => {
    const s = reducer(rng(), { type: 'vendor', vassalage: 'JADEPLAY' });
    expect(s.tab).toBe('vendor');
    expect(sourceOf(s)).toEqual({ kind: 'list', filter: { gameType: 'RNG', gameClassify: 'ALL', vassalage: 'JADEPLAY', gameName: undefined, minBet: undefined } });
  });

  it('choosing a classification clears the search text and reloads', () => {
    const searched = reducer(rng(), { type: 'search', gameName: ' dragon ' });
    expect(searched.filter.gameName).toBe('dragon');
    const classified = reducer(searched, { type: 'classify', gameClassify: 'CLASSIC' });
    expect(classified.filter).toMatchObject({ gameClassify: 'CLASSIC', gameName: '' });
    expect(classified.reload).toBeGreaterThan(searched.reload);
    // Through the filter panel: a changed classification clears it too, an unchanged one keeps it.
    const applied = reducer(searched, { type: 'apply', vassalage: '', gameClassify: 'VIDEO', minBet: 0.5 });
    expect(applied.filter).toEqual({ gameClassify: 'VIDEO', minBet: 0.5, vassalage: '', gameName: '' });
    const same = reducer(searched, { type: 'apply', vassalage: 'NEONSPIN', gameClassify: 'ALL', minBet: null });
    expect(same.filter).toMatchObject({ gameName: 'dragon', vassalage: 'NEONSPIN' });
    expect(same.tab).toBe('vendor');
  });

  it('minimum bet applies only to slots', () => {
    const fish = reducer(initialState('FISH'), { type: 'apply', vassalage: '', gameClassify: 'ALL', minBet: 0.1 });
    expect(fish.filter.minBet).toBeNull();
    const slots = reducer(rng(), { type: 'apply', vassalage: '', gameClassify: 'ALL', minBet: 0.1 });
    expect(sourceOf(slots)).toMatchObject({ kind: 'list', filter: { minBet: 0.1 } });
  });

  it('reset returns to the all tab with the default classification', () => {
    const s = reducer(reducer(rng(), { type: 'apply', vassalage: 'NEONSPIN', gameClassify: 'VIDEO', minBet: 0.05 }), { type: 'reset' });
    expect(s.tab).toBe('all');
    expect(s.filter).toEqual({ gameClassify: 'ALL', minBet: null, vassalage: '', gameName: '' });
  });

  it('a search covers the whole category: the all tab, no vendor, classification or stake; clearing it keeps the tab', () => {
    const narrowed = reducer(rng(), { type: 'apply', vassalage: 'JADEPLAY', gameClassify: 'NEW', minBet: 0.05 });
    const searched = reducer(narrowed, { type: 'search', gameName: ' Jade ' });
    expect(searched.tab).toBe('all');
    expect(searched.reload).toBeGreaterThan(narrowed.reload);
    expect(sourceOf(searched)).toEqual({ kind: 'list', filter: { gameType: 'RNG', gameClassify: 'ALL', vassalage: undefined, gameName: 'Jade', minBet: undefined } });
    for (const tab of ['hot', 'recent', 'fav'] as const) expect(reducer(reducer(rng(), { type: 'tab', tab }), { type: 'search', gameName: 'gold' }).tab).toBe('all');
    const vendor = reducer(searched, { type: 'vendor', vassalage: 'NEONSPIN' });
    const cleared = reducer(vendor, { type: 'search', gameName: '  ' });
    expect(cleared.tab).toBe('vendor');
    expect(cleared.filter).toMatchObject({ vassalage: 'NEONSPIN', gameName: '' });
    expect(cleared.reload).toBeGreaterThan(vendor.reload);
  });

  it('maps tabs to their sources: hot keeps the name, recent and favourites the game type', () => {
    const searched = reducer(rng(), { type: 'search', gameName: 'gold' });
    expect(sourceOf(reducer(searched, { type: 'tab', tab: 'hot' }))).toEqual({ kind: 'hot', gameType: 'RNG', gameName: 'gold' });
    expect(sourceOf(reducer(searched, { type: 'tab', tab: 'recent' }))).toEqual({ kind: 'recent', gameType: 'RNG' });
    expect(sourceOf(reducer(searched, { type: 'tab', tab: 'fav' }))).toEqual({ kind: 'favourites', gameType: 'RNG' });
  });
});

describe('route selection', () => {
  const sel = (path: string, fallback: 'RNG' | 'FISH' = 'RNG') => {
    const url = new URL(path, 'http://x');
    return routeSelection(url.pathname, url.searchParams, fallback);
  };
  it('reads ?gameType= and /m/slotsCenter?vassalage=', () => {
    expect(sel('/m/gameList?gameType=FISH')).toEqual({ gameType: 'FISH', vassalage: '' });
    expect(sel('/m/gameList?gameType=rng')).toEqual({ gameType: 'RNG', vassalage: '' });
    expect(sel('/m/slotsCenter?vassalage=NEONSPIN')).toEqual({ gameType: 'RNG', vassalage: 'NEONSPIN' });
    expect(sel('/m/lottery')).toEqual({ gameType: 'LOTT', vassalage: '' });
    expect(sel('/m/gameCenter', 'FISH')).toEqual({ gameType: 'FISH', vassalage: '' });
    expect(sel('/m/gameList?gameType=BOGUS')).toEqual({ gameType: 'RNG', vassalage: '' });
    expect(sel('/m/slotsCenter?vassalage=<x>')).toEqual({ gameType: 'RNG', vassalage: '' });
  });
  it('a preselected vendor opens on its tab', () => {
    const s = initialState('RNG', 'NEONSPIN');
    expect(s.tab).toBe('vendor');
    expect(sourceOf(s)).toMatchObject({ kind: 'list', filter: { vassalage: 'NEONSPIN', gameClassify: 'ALL' } });
  });
});
