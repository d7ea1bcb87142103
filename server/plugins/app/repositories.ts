import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AffiliateRepository } from '../../repositories/affiliates';
import { AnnouncementRepository } from '../../repositories/announcements';
import { BetRepository } from '../../repositories/bets';
import { CaptchaRepository } from '../../repositories/captchas';
import { CounterRepository } from '../../repositories/counters';
import { GameTokenRepository } from '../../repositories/game-tokens';
import { GameRepository } from '../../repositories/games';
import { HelpRepository } from '../../repositories/help';
import { IdempotencyRepository } from '../../repositories/idempotency';
import { JweReplayRepository } from '../../repositories/jwe-replays';
import { loadJweKeys, type JweKeys } from '../../repositories/keys';
import { resolveKeyEncryptionKey } from '../../lib/key-encryption';
import { merchantTimeZones } from '../../lib/record-range';
import { LedgerRepository } from '../../money';
import { MemberRepository } from '../../repositories/members';
import { MessageRepository } from '../../repositories/messages';
import { PlayerGameRepository } from '../../repositories/player-games';
import { PromotionRepository } from '../../repositories/promotions';
import { SessionRepository } from '../../repositories/sessions';
import { SmsCodeRepository } from '../../repositories/sms-codes';

interface Repositories {
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

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    jwe: JweKeys;
  }
}

/** Every repository over the one database, and the shared JWE keys. */
export default fp(async (app: FastifyInstance) => {
  const db = app.db.orm;
  // The days of the records' aggregates (ledger_days, bet_days): each merchant's tenant's zone.
  const zoneOf = merchantTimeZones(app.tenants.all.values());
  app.decorate('repos', {
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
    sessions: new SessionRepository(db, app.config.sessionTtlMinutes, app.config.sessionMaxDays),
    smsCodes: new SmsCodeRepository(db),
  });
  // The JWE private keys are sealed at rest with the key-encryption key (see lib/key-encryption).
  const kek = await resolveKeyEncryptionKey(app.config);
  if (kek.source === 'file') app.log.info('JWE private keys sealed with the key file of the data folder (set KEY_ENCRYPTION_KEY to choose the key)');
  app.decorate('jwe', await loadJweKeys(db, kek.key));
}, { name: 'repositories' });
