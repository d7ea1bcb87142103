/**
 * RefGames' own store: play sessions, slot rounds, lottery draws and tickets, and the wallet calls
 * still owed (wins and rollbacks retried until the wallet answers). In memory, and written to
 * `<dataDir>/refgames.json` (mode 0600, replaced atomically) after each change when a data folder
 * is given, so a restart resumes the pending work.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameKind } from './catalogue';
import type { BetKind, LotteryCode } from './lottery';
import type { Requests } from '../vendor-protocol/protocol';

export type Lang = 'EN' | 'TY';

export interface Session {
  id: string;
  mode: 'real' | 'fun';
  vendor: string;
  kind: GameKind;
  /** The catalogue's game id (`game_code` at the wallet). */
  game: string;
  lang: Lang;
  /** The platform's lobby, where the player goes back to (http or https only). */
  lobby: string | null;
  /** The lottery shown first (lotteries only). */
  lottery: LotteryCode;
  /** What the platform's launch said of a lottery: its play type and prize mode (shown on the page). */
  /** What the platform's launch named (a lottery's play type, prize mode and code: a game's, or "lobby"). */
  launched?: { playType: string; prizeMode: string; code?: string };
  /** Real mode: the wallet's session token and member reference. */
  token: string | null;
  user: string | null;
  currency: string;
  /** The latest balance the wallet answered (real) or the play money left (fun), minor units. */
  balance: number;
  createdAt: number;
  seenAt: number;
}

type RoundState = 'betting' | 'bet-taken' | 'settled' | 'refused' | 'rolling-back' | 'rolled-back';

export interface Round {
  /** The round id at the wallet. */
  id: string;
  sessionId: string;
  stake: number;
  lineBet: number;
  stops: number[];
  win: number;
  state: RoundState;
  /** The bet as sent (and re-sent with the same uuids). */
  bet: (Requests['transaction/bet'] & { request_uuid: string }) | null;
  /** The win as sent, once the bet is taken. */
  winRequest: (Requests['transaction/win'] & { request_uuid: string }) | null;
  status: string | null;
  createdAt: number;
}

export type TicketState = 'buying' | 'open' | 'settling' | 'won' | 'lost' | 'refused' | 'rolling-back' | 'rolled-back' | 'void';

export interface Ticket {
  id: string;
  sessionId: string;
  mode: 'real' | 'fun';
  lottery: LotteryCode;
  drawId: string;
  bet: BetKind;
  pick: string;
  stake: number;
  /** What it returned (0 until settled, or lost). */
  win: number;
  state: TicketState;
  betRequest: (Requests['transaction/bet'] & { request_uuid: string }) | null;
  winRequest: (Requests['transaction/win'] & { request_uuid: string }) | null;
  status: string | null;
  createdAt: number;
}

export interface Draw {
  id: string;
  lottery: LotteryCode;
  /** Unix ms. */
  drawAt: number;
  result: string | null;
  drawnAt: number | null;
  status: 'open' | 'drawn' | 'void';
}

type JobEndpoint = 'transaction/win' | 'transaction/rollback';

/** A wallet call owed: sent again with the same request until the wallet answers. */
export interface Job {
  id: string;
  endpoint: JobEndpoint;
  request: (Requests['transaction/win'] | Requests['transaction/rollback']) & { request_uuid: string };
  /** What the answer settles. */
  about: { round?: string; ticket?: string; what: 'win' | 'bet-rollback' | 'win-rollback' };
  attempts: number;
  nextAt: number;
  lastError: string | null;
}

interface Saved {
  sessions: Session[];
  rounds: Round[];
  tickets: Ticket[];
  draws: Draw[];
  jobs: Job[];
}

interface Records {
  sessions: Session;
  rounds: Round;
  tickets: Ticket;
  draws: Draw;
  jobs: Job;
}

const clone = <T>(value: T): T => structuredClone(value);

export class GameStore {
  readonly sessions = new Map<string, Session>();
  readonly rounds = new Map<string, Round>();
  readonly tickets = new Map<string, Ticket>();
  readonly draws = new Map<string, Draw>();
  readonly jobs = new Map<string, Job>();
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = join(dataDir, 'refgames.json');
    let saved: Partial<Saved> = {};
    try {
      saved = JSON.parse(readFileSync(this.file, 'utf8')) as Saved;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const s of saved.sessions ?? []) this.sessions.set(s.id, s);
    for (const r of saved.rounds ?? []) this.rounds.set(r.id, r);
    for (const t of saved.tickets ?? []) this.tickets.set(t.id, t);
    for (const d of saved.draws ?? []) this.draws.set(d.id, d);
    for (const j of saved.jobs ?? []) this.jobs.set(j.id, j);
  }

  /** Writes everything (after each change). */
  save(): void {
    if (!this.file) return;
    const saved: Saved = {
      sessions: [...this.sessions.values()],
      rounds: [...this.rounds.values()],
      tickets: [...this.tickets.values()],
      draws: [...this.draws.values()],
      jobs: [...this.jobs.values()],
    };
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(saved), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  /** A copy of a stored record (callers change the stored one only through `put`). */
  get<K extends keyof Records>(kind: K, id: string): Records[K] | undefined {
    const found = (this[kind] as Map<string, Records[K]>).get(id);
    return found ? clone(found) : undefined;
  }

  /** Every record of a kind (copies). */
  all<K extends keyof Records>(kind: K): Records[K][] {
    return [...(this[kind] as Map<string, Records[K]>).values()].map(clone);
  }

  put<K extends keyof Records>(kind: K, record: Records[K]): void {
    (this[kind] as Map<string, Records[K]>).set(record.id, clone(record));
    this.save();
  }

  remove(kind: keyof Records, id: string): void {
    if (this[kind].delete(id)) this.save();
  }

  /**
   * Forgets what is over: rounds and tickets settled (or refused, rolled back) more than `keepMs`
   * ago, idle sessions with nothing pending, drawn draws beyond the latest `keepDraws` of each
   * lottery that no open ticket names.
   */
  prune(nowMs: number, keepMs: number, keepDraws: number): void {
    const done = new Set(['settled', 'refused', 'rolled-back', 'won', 'lost', 'void']);
    let changed = false;
    const busySessions = new Set<string>();
    for (const r of this.rounds.values()) {
      if (done.has(r.state) && nowMs - r.createdAt > keepMs) changed = this.rounds.delete(r.id) || changed;
      else busySessions.add(r.sessionId);
    }
    const busyDraws = new Set<string>();
    for (const t of this.tickets.values()) {
      if (done.has(t.state) && nowMs - t.createdAt > keepMs) changed = this.tickets.delete(t.id) || changed;
      else {
        busySessions.add(t.sessionId);
        busyDraws.add(t.drawId);
      }
    }
    for (const s of this.sessions.values()) {
      if (!busySessions.has(s.id) && nowMs - s.seenAt > keepMs) changed = this.sessions.delete(s.id) || changed;
    }
    const byLottery = new Map<string, Draw[]>();
    for (const d of this.draws.values()) if (d.status !== 'open') byLottery.set(d.lottery, [...(byLottery.get(d.lottery) ?? []), d]);
    for (const list of byLottery.values()) {
      list.sort((a, b) => b.drawAt - a.drawAt);
      for (const d of list.slice(keepDraws)) if (!busyDraws.has(d.id)) changed = this.draws.delete(d.id) || changed;
    }
    if (changed) this.save();
  }
}
