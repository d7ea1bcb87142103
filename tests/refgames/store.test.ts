/**
 * RefGames' store: what it keeps across a restart (its file, mode 0600), and what it forgets
 * (finished rounds and tickets, idle sessions, old results), never what is still pending.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GameStore, type Draw, type Session, type Ticket } from '../../reference/refgames/store';

const dir = mkdtempSync(join(tmpdir(), 'refgames-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60_000;
const session = (id: string, seenAt: number): Session => ({
  id,
  mode: 'fun',
  vendor: 'LOTT',
  kind: 'lottery',
  game: 'g',
  lang: 'EN',
  lobby: null,
  lottery: 'LOTT',
  token: null,
  user: null,
  currency: 'FUN',
  balance: 0,
  createdAt: seenAt,
  seenAt,
});
const ticket = (id: string, sessionId: string, drawId: string, state: Ticket['state'], createdAt: number): Ticket => ({
  id,
  sessionId,
  mode: 'fun',
  lottery: 'ELOTT',
  drawId,
  bet: 'odd',
  pick: '',
  stake: 100,
  win: 0,
  state,
  betRequest: null,
  winRequest: null,
  status: null,
  createdAt,
});
const draw = (minute: number): Draw => ({ id: `ELOTT-${minute}`, lottery: 'ELOTT', drawAt: minute * 60_000, result: '00000', drawnAt: minute * 60_000, status: 'drawn' });

describe('RefGames store', () => {
  it('keeps its records in a file only its user reads, and reads them back', () => {
    const store = new GameStore(dir);
    store.put('sessions', session('s1', 0));
    expect(statSync(join(dir, 'refgames.json')).mode & 0o777).toBe(0o600);
    // A copy: changing what `get` answers changes nothing stored.
    store.get('sessions', 's1')!.balance = 5;
    expect(new GameStore(dir).get('sessions', 's1')).toEqual(session('s1', 0));
  });

  it('forgets finished tickets, idle sessions and old draws, but nothing pending', () => {
    const store = new GameStore();
    const now = 10 * DAY;
    store.put('sessions', session('idle', 0));
    store.put('sessions', session('busy', 0));
    store.put('sessions', session('recent', now - 1_000));
    store.put('tickets', ticket('old-won', 'idle', 'ELOTT-1', 'won', 0));
    store.put('tickets', ticket('old-open', 'busy', 'ELOTT-2', 'open', 0));
    for (let m = 1; m <= 5; m++) store.put('draws', draw(m));
    store.prune(now, DAY, 2);
    expect(store.all('tickets').map((t) => t.id)).toEqual(['old-open']);
    expect(store.all('sessions').map((s) => s.id).sort()).toEqual(['busy', 'recent']);
    // The latest 2 results, and the draw a pending ticket is for.
    expect(store.all('draws').map((d) => d.id).sort()).toEqual(['ELOTT-2', 'ELOTT-4', 'ELOTT-5']);
  });
});
