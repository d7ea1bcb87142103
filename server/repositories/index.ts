/** Every repository over the one database (the platform's `repos`). */
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { servedTimeZones } from '../lib/record-range';
import type { TenantRegistry } from '../lib/tenant-registry';
import { LedgerRepository } from '../money';
import { AffiliateRepository } from './affiliates';
import { AnnouncementRepository } from './announcements';
import { BetRepository } from './bets';
import { CaptchaRepository } from './captchas';
import { CounterRepository } from './counters';
import { GameTokenRepository } from './game-tokens';
import { GameRepository } from './games';
import { HelpRepository } from './help';
import { IdempotencyRepository } from './idempotency';
import { JweReplayRepository } from './jwe-replays';
import { MemberRepository } from './members';
import { MessageRepository } from './messages';
import { PlayerGameRepository } from './player-games';
import { PromotionRepository } from './promotions';
import { SessionRepository } from './sessions';
import { SmsCodeRepository } from './sms-codes';

export interface Repositories {
  affiliates: AffiliateRepository;
  announcements: AnnouncementRepository;
  bets: BetRepository;
  captchas: CaptchaRepository;
  counters: CounterRepository;
  games: GameRepository;
  gameTokens: GameTokenRepository;
  help: HelpRepository;
  idempotency: IdempotencyRepository;
  jweReplays: JweReplayRepository;
  ledger: LedgerRepository;
  members: MemberRepository;
  messages: MessageRepository;
  playerGames: PlayerGameRepository;
  promotions: PromotionRepository;
  sessions: SessionRepository;
  smsCodes: SmsCodeRepository;
}

export function createRepositories(db: Db, tenants: TenantRegistry, config: Pick<AppConfig, 'sessionTtlMinutes' | 'sessionMaxDays'>): Repositories {
  // The days of the records' aggregates (ledger_days, bet_days): each merchant's tenant's zone,
  // as the registry serves them now.
  const zoneOf = servedTimeZones(tenants);
  return {
    affiliates: new AffiliateRepository(db),
    announcements: new AnnouncementRepository(db),
    bets: new BetRepository(db, zoneOf),
    captchas: new CaptchaRepository(db),
    counters: new CounterRepository(db),
    games: new GameRepository(db),
    gameTokens: new GameTokenRepository(db),
    help: new HelpRepository(db),
    idempotency: new IdempotencyRepository(db),
    jweReplays: new JweReplayRepository(db),
    ledger: new LedgerRepository(db, zoneOf),
    members: new MemberRepository(db),
    messages: new MessageRepository(db),
    playerGames: new PlayerGameRepository(db),
    promotions: new PromotionRepository(db),
    sessions: new SessionRepository(db, config.sessionTtlMinutes, config.sessionMaxDays),
    smsCodes: new SmsCodeRepository(db),
  };
}
