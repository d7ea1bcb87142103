import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tenant } from '../../src/generated/tenant';
import { tenantTimeZone } from '../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../src/domain/date-range';
import { hashPassword, type PasswordHashing } from '../lib/passwords';
import { merchantTimeZones } from '../lib/record-range';
import { INHOUSE_VENDOR } from '../lib/games-catalogue';
import { AffiliateRepository } from '../repositories/affiliates';
import { BetRepository } from '../repositories/bets';
import { LedgerRepository, type LedgerKind } from '../money';
import { MEMBER_TYPE } from '../repositories/members';
import { raiseVipLevel } from '../modules/engagement';
import { mobilePersonKey } from '../modules/account';
import { internationalNumber } from '../lib/dialing-codes';
import type { Db, Tx } from './client';
import { announcements, games, helpItems, members, merchants, messages, missionTasks, promotions, rainWindows } from './schema';
import { seedGames } from './seed-games';
import { deadLinkReason, tenantFacts } from '../../src/tenant/dead-links';
import { bannerImage, HELP_ITEMS, INBOX, MISSION_TASKS, PROMOTIONS, SEED_LANGS, seedAnnouncements, type Lang, type SeedAnnouncement } from './seed-content';

/** Password of every demo member. */
const DEMO_PASSWORD = 'Demo1234';

interface DemoMember {
  username: string;
  type: number;
  password: boolean;
  mobileNum: string;
  upline?: string;
  daysAgo: number;
  /** Wallet history in minor units, posted against the house account. */
  postings: [kind: LedgerKind, amount: number][];
  email?: string;
}

/**
 * The demo cast: a player, an agent with a team of four (the player among them), and a
 * player who has a mobile number but no password yet (sets one by SMS).
 */
const DEMO_MEMBERS: DemoMember[] = [
  { username: 'demoagent', type: MEMBER_TYPE.AGENT, password: true, mobileNum: '9171234568', daysAgo: 120, postings: [['DEPOSIT', 500_000]], email: 'demoagent@example.com' },
  {
    username: 'demoplayer',
    type: MEMBER_TYPE.PLAYER,
    password: true,
    mobileNum: '9171234567',
    upline: 'demoagent',
    daysAgo: 30,
    postings: [
      ['DEPOSIT', 100_000],
      ['DEPOSIT', 50_000],
      ['BET', -20_000],
      ['PAYOUT', 15_050],
      ['WITHDRAW', -20_000],
    ],
    email: 'demoplayer@example.com',
  },
  { username: 'demoteam1', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234601', upline: 'demoagent', daysAgo: 20, postings: [['DEPOSIT', 30_000]] },
  { username: 'demoteam2', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234602', upline: 'demoagent', daysAgo: 12, postings: [['DEPOSIT', 30_000], ['BET', -5_000]] },
  { username: 'demoteam3', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234603', upline: 'demoagent', daysAgo: 5, postings: [['DEPOSIT', 30_000]] },
  { username: 'demonopass', type: MEMBER_TYPE.PLAYER, password: false, mobileNum: '9170000009', daysAgo: 2, postings: [['BONUS', 5_000]] },
];

/** Invitation codes of the demo agent; the third works only on the tenant's first domain. */
const DEMO_AFFILIATE_CODES = ['DEMOAGENT', 'LUCKY2024'];
const DOMAIN_BOUND_AFFILIATE_CODE = 'HOMEONLY';

/** Demo members and balances are only for demo tenants: a real merchant must not get known passwords. */
const isDemoTenant = (tenant: Tenant) => tenant.id.startsWith('demo');

/**
 * Seeds every merchant that is not in the database yet (and the game catalogue of any merchant
 * without one); returns the merchant codes seeded. Demo members (known passwords, balances) only
 * with `demoMembers` (outside production, or SEED_DEMO=1).
 */
export async function seedTenants(db: Db, tenants: Tenant[], hashing: PasswordHashing, demoMembers = true): Promise<string[]> {
  const seeded: string[] = [];
  for (const tenant of tenants) {
    if (await seedTenant(db, tenant, hashing, demoMembers && isDemoTenant(tenant))) seeded.push(tenant.merchantCode);
  }
  return seeded;
}

async function seedTenant(db: Db, tenant: Tenant, hashing: PasswordHashing, demoMembers: boolean): Promise<boolean> {
  const hashes = new Map<string, string>();
  const hashDemoPasswords = async () => {
    for (const m of DEMO_MEMBERS) if (m.password && !hashes.has(m.username)) hashes.set(m.username, await hashPassword(DEMO_PASSWORD, hashing));
  };
  // Hash outside the transaction: hashing is slow, the seed lock should be short. Not for a
  // merchant already seeded (every later start, every ops CLI run): it gets no demo members.
  if (demoMembers) {
    const present = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, tenant.merchantCode)).limit(1);
    if (present.length === 0) await hashDemoPasswords();
  }
  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then finds the merchant present.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wl-seed:' || current_schema()))`);
    const currency = tenant.settings.currency.code;
    const created = await tx
      .insert(merchants)
      .values({ code: tenant.merchantCode, tenantId: tenant.id, currency })
      .onConflictDoNothing()
      .returning({ code: merchants.code });
    await tx
      .insert(merchants)
      .values({ code: tenant.trialMerchantCode, tenantId: tenant.id, currency, isTrial: true })
      .onConflictDoNothing();
    // The catalogue also reaches merchants seeded before it existed.
    const gamesSeeded = await seedGames(tx, tenant);
    if (created.length === 0) return gamesSeeded;
    const ledger = new LedgerRepository(db, merchantTimeZones([tenant]));
    await ledger.openHouse(tx, tenant.merchantCode, currency);
    await ledger.openHouse(tx, tenant.trialMerchantCode, currency);
    await seedContent(tx, tenant);
    await seedMissionTasks(tx, tenant);
    // Seen as present above, then gone (rare): hashed here after all.
    if (demoMembers) await hashDemoPasswords();
    if (demoMembers) await seedDemoMembers(tx, tenant, hashes, ledger, new AffiliateRepository(db), new BetRepository(db, merchantTimeZones([tenant])));
    if (demoMembers && RAIN_TENANTS.includes(tenant.id)) await seedRainWindows(tx, tenant);
    return true;
  });
}

/** Demo tenants with a red-envelope rain schedule (demo-en has none: its journeys schedule their own). */
const RAIN_TENANTS = ['demo-ph'];
/** The demo schedule: every evening at 20:00 in the tenant's zone for 15 minutes, for 30 days. */
const DEMO_RAIN = { hour: 20, minutes: 15, days: 30, budget: 50_000, minAmount: 10, maxAmount: 500, maxPerMember: 20 };

async function seedRainWindows(tx: Tx, tenant: Tenant): Promise<void> {
  const zone = tenantTimeZone(tenant);
  const today = zoneDate(zone);
  const { hour, minutes, days, budget, minAmount, maxAmount, maxPerMember } = DEMO_RAIN;
  await tx.insert(rainWindows).values(
    Array.from({ length: days }, (_, i) => {
      const startsAt = new Date(zoneMidnight(zone, shiftDate(today, i)) + hour * 3_600_000);
      return { merchantCode: tenant.merchantCode, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000), budget, minAmount, maxAmount, maxPerMember, createdBy: 'seed' };
    }),
  );
}

async function seedContent(tx: Tx, tenant: Tenant): Promise<void> {
  const merchantCode = tenant.merchantCode;
  // Only what leads somewhere on this tenant: a banner or popup linking to a route the tenant
  // gates off (demo-en has no reward centre) would send the player home.
  const facts = tenantFacts(tenant as unknown as Parameters<typeof tenantFacts>[0]);
  const leadsSomewhere = (a: SeedAnnouncement) =>
    [a.linkUrl ?? '', ...[...(a.content ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1])].every((link) => !link.startsWith('/m/') || deadLinkReason(link, facts) === null);
  const list = seedAnnouncements().filter(leadsSomewhere);
  await tx.insert(announcements).values(list.map((a, sort) => ({ merchantCode, sort, ...a })));
  for (const lang of SEED_LANGS) {
    await tx.insert(helpItems).values(HELP_ITEMS.map(([title, content], sort) => ({ merchantCode, lang, sort, title: title[lang], content: content[lang] })));
    await tx.insert(promotions).values(
      PROMOTIONS.map((p, sort) => ({
        merchantCode,
        lang,
        sort,
        type: p.type,
        code: p.code,
        category: p.category,
        rewardAmount: p.rewardAmount ?? 0,
        turnoverMultiplier: (p.turnoverMultiplier ?? 1).toFixed(2),
        target: p.target ?? 0,
        title: p.title[lang],
        content: p.content[lang],
        imageUrl: bannerImage(p.title[lang], ...p.colors),
      })),
    );
  }
}

/** The demo mission's tasks, where the tenant enables MISSION promotions. */
async function seedMissionTasks(tx: Tx, tenant: Tenant): Promise<void> {
  if (!tenant.settings.promotions.includes('MISSION')) return;
  await tx.insert(missionTasks).values(
    MISSION_TASKS.map((t, sort) => ({
      merchantCode: tenant.merchantCode,
      promotionCode: t.promotionCode,
      kind: 'wager' as const,
      gameType: t.gameType,
      target: t.target,
      period: t.period,
      points: t.points,
      rewardAmount: t.rewardAmount,
      turnoverMultiplier: t.turnoverMultiplier.toFixed(2),
      titleEn: t.title.EN,
      titleTy: t.title.TY,
      sort,
    })),
  );
}

async function seedDemoMembers(
  tx: Tx,
  tenant: Tenant,
  hashes: Map<string, string>,
  ledger: LedgerRepository,
  affiliates: AffiliateRepository,
  bets: BetRepository,
): Promise<void> {
  const merchantCode = tenant.merchantCode;
  const currency = tenant.settings.currency.code;
  const ids = new Map<string, number>();
  const day = 86_400_000;
  const [game] = await tx
    .select({ nodeId: games.nodeId, vassalage: games.vassalage, gameType: games.gameType })
    .from(games)
    .where(and(eq(games.merchantCode, merchantCode), ne(games.vassalage, INHOUSE_VENDOR), eq(games.gameType, 'LIVE')))
    .orderBy(asc(games.nodeId))
    .limit(1);
  for (const m of DEMO_MEMBERS) {
    const regDate = new Date(Date.now() - m.daysAgo * day);
    const [row] = await tx
      .insert(members)
      .values({
        merchantCode,
        username: m.username,
        passwordHash: hashes.get(m.username) ?? null,
        type: m.type,
        uplineId: m.upline ? ids.get(m.upline) : null,
        mobileNum: m.mobileNum,
        countryDialingCode: tenant.settings.countryDialingCode,
        email: m.email ?? null,
        registerMethod: 'H5',
        // Demo members registered with their numbers verified: each is a verified person (services/person.ts).
        mobileVerifiedAt: regDate,
        personKey: mobilePersonKey(internationalNumber(tenant.settings.countryDialingCode, m.mobileNum)),
        regDate,
        // Demo members have logged in before: their next login is not a "first-time login".
        lastLoginAt: m.password ? new Date(regDate.getTime() + day) : null,
      })
      .returning({ id: members.id });
    ids.set(m.username, row.id);
    const wallet = await ledger.openWallet(tx, merchantCode, row.id, currency);
    const house = await ledger.houseAccount(tx, merchantCode, currency, row.id);
    let bet: { transactionId: number; stake: number; win: number } | null = null;
    for (const [kind, amount] of m.postings) {
      const transactionId = await ledger.post(tx, {
        merchantCode,
        kind,
        memo: `seed ${kind.toLowerCase()}`,
        lines: [
          { accountId: wallet, amount },
          { accountId: house, amount: -amount },
        ],
      });
      if (kind === 'BET') bet = { transactionId, stake: -amount, win: 0 };
      if (kind === 'PAYOUT' && bet) bet.win += amount;
    }
    // The BET posting is one settled vendor bet (with the PAYOUT after it): the records and the
    // VIP turnover read it like any other.
    if (bet && game) {
      await bets.record(tx, {
        memberId: row.id,
        merchantCode,
        nodeId: game.nodeId,
        vassalage: game.vassalage,
        gameType: game.gameType,
        currency,
        stake: bet.stake,
        win: bet.win,
        outcome: { kind: 'vendor' },
        ledgerTransactionId: bet.transactionId,
        createdAt: new Date(regDate.getTime() + 2 * day),
      });
    }
  }
  // The levels their seeded deposits reach, with the upgrade bonuses waiting in the reward centre.
  for (const id of ids.values()) await raiseVipLevel(tx, tenant, id);
  const agent = ids.get('demoagent')!;
  for (const code of DEMO_AFFILIATE_CODES) await affiliates.create(tx, merchantCode, code, agent);
  await affiliates.create(tx, merchantCode, DOMAIN_BOUND_AFFILIATE_CODE, agent, tenant.domains[0]);
  await seedInbox(tx, tenant, [ids.get('demoplayer')!, agent]);
}

async function seedInbox(tx: Tx, tenant: Tenant, memberIds: number[]): Promise<void> {
  const lang: Lang = tenant.i18n.default === 'TY' ? 'TY' : 'EN';
  for (const memberId of memberIds) {
    await tx.insert(messages).values(
      INBOX.map((m, i) => ({
        memberId,
        title: m.title[lang],
        content: m.content[lang],
        createdAt: new Date(Date.now() - (INBOX.length - i) * 3600_000),
        readAt: m.read ? new Date() : null,
      })),
    );
  }
}
