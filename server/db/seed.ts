import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tenant } from '../../src/generated/tenant';
import { tenantTimeZone } from '../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../src/domain/date-range';
import { hashPassword, type PasswordHashing } from '../lib/passwords';
import { merchantTimeZones } from '../lib/record-range';
import { INHOUSE_VENDOR } from '../lib/games-catalogue';
import { AffiliateRepository } from '../repositories/affiliates';
import { BetRepository } from '../repositories/bets';
import { LedgerRepository } from '../money';
import { MEMBER_TYPE } from '../repositories/members';
import { expiryDaysOf, grantReward, payReward, raiseVipLevel } from '../modules/engagement';
import { settleRound } from '../modules/games';
import { createDeposit, creditDeposit, holdNewWithdrawal, settlePendingWithdrawal, withdrawalFee, withdrawalLimits } from '../modules/wallet';
import type { GameRow } from '../repositories/games';
import type { MoneyPlatform } from '../platform';
import { toAmount, toMinor } from '../../src/domain/money';
import { mobilePersonKey } from '../modules/account';
import { internationalNumber } from '../lib/dialing-codes';
import type { Db, Tx } from './client';
import { announcements, games, helpItems, members, merchants, messages, missionTasks, payoutAccounts, promotions, rainWindows } from './schema';
import { seedGames } from './seed-games';
import { deadLinkReason, tenantFacts } from '../../src/tenant/dead-links';
import { bannerImage, HELP_ITEMS, INBOX, MISSION_TASKS, PROMOTIONS, SEED_LANGS, seedAnnouncements, type Lang, type SeedAnnouncement } from './seed-content';

/** Password of every demo member. */
const DEMO_PASSWORD = 'Demo1234';

/**
 * One move of a demo member's history, in minor units. Each is made by the service a member's
 * real move goes through, so that it has its record as a real one has: a deposit is a deposit
 * order paid in (the deposit record), a round is a settled bet (the betting record), a
 * withdrawal is held and paid out (the withdrawal record), a reward is granted and claimed (the
 * reward centre). The account record and the profit and loss read their ledger entries.
 */
type DemoMove =
  | { kind: 'deposit'; amount: number }
  | { kind: 'round'; stake: number; win: number }
  | { kind: 'withdrawal'; amount: number }
  | { kind: 'reward'; amount: number };

interface DemoMember {
  username: string;
  type: number;
  password: boolean;
  mobileNum: string;
  upline?: string;
  daysAgo: number;
  /** The member's money history, in order. */
  history: DemoMove[];
  email?: string;
}

const deposit = (amount: number): DemoMove => ({ kind: 'deposit', amount });

/**
 * The demo cast: a player, an agent with a team of four (the player among them), and a
 * player who has a mobile number but no password yet (sets one by SMS).
 */
const DEMO_MEMBERS: DemoMember[] = [
  { username: 'demoagent', type: MEMBER_TYPE.AGENT, password: true, mobileNum: '9171234568', daysAgo: 120, history: [deposit(500_000)], email: 'demoagent@example.com' },
  {
    username: 'demoplayer',
    type: MEMBER_TYPE.PLAYER,
    password: true,
    mobileNum: '9171234567',
    upline: 'demoagent',
    daysAgo: 30,
    history: [deposit(100_000), deposit(50_000), { kind: 'round', stake: 20_000, win: 15_050 }, { kind: 'withdrawal', amount: 20_000 }],
    email: 'demoplayer@example.com',
  },
  { username: 'demoteam1', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234601', upline: 'demoagent', daysAgo: 20, history: [deposit(30_000)] },
  { username: 'demoteam2', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234602', upline: 'demoagent', daysAgo: 12, history: [deposit(30_000), { kind: 'round', stake: 5_000, win: 0 }] },
  { username: 'demoteam3', type: MEMBER_TYPE.PLAYER, password: true, mobileNum: '9171234603', upline: 'demoagent', daysAgo: 5, history: [deposit(30_000)] },
  { username: 'demonopass', type: MEMBER_TYPE.PLAYER, password: false, mobileNum: '9170000009', daysAgo: 2, history: [{ kind: 'reward', amount: 5_000 }] },
];

/** Who decided what the seed's moves decided (a deposit paid, a withdrawal paid out). */
const SEEDED_BY = 'seed';
/** The name on a demo member's payout account (demo members have no verified real name). */
const DEMO_HOLDER_NAME = 'Demo Player';

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
    const money = seedMoney(db, tenant);
    await money.repos.ledger.openHouse(tx, tenant.merchantCode, currency);
    await money.repos.ledger.openHouse(tx, tenant.trialMerchantCode, currency);
    await seedContent(tx, tenant);
    await seedMissionTasks(tx, tenant);
    // Seen as present above, then gone (rare): hashed here after all.
    if (demoMembers) await hashDemoPasswords();
    if (demoMembers) await seedDemoMembers(tx, tenant, hashes, money, new AffiliateRepository(db));
    if (demoMembers && RAIN_TENANTS.includes(tenant.id)) await seedRainWindows(tx, tenant);
    return true;
  });
}

/**
 * What the seed's money moves run on: repositories of its own (a house account it opens is not
 * remembered past its transaction) and the tenant it seeds, which is not served yet when a new
 * merchant is published.
 */
function seedMoney(db: Db, tenant: Tenant): MoneyPlatform {
  const zones = merchantTimeZones([tenant]);
  return {
    repos: { ledger: new LedgerRepository(db, zones), bets: new BetRepository(db, zones) },
    tenants: { byMerchant: (code) => (code === tenant.merchantCode || code === tenant.trialMerchantCode ? tenant : undefined) },
  };
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

async function seedDemoMembers(tx: Tx, tenant: Tenant, hashes: Map<string, string>, money: MoneyPlatform, affiliates: AffiliateRepository): Promise<void> {
  const merchantCode = tenant.merchantCode;
  const currency = tenant.settings.currency.code;
  const ids = new Map<string, number>();
  const day = 86_400_000;
  // The game of the demo rounds: the first live-casino game of an outside vendor.
  const [game] = await tx
    .select()
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
    await money.repos.ledger.openWallet(tx, merchantCode, row.id, currency);
    for (const move of m.history) await seedMove(tx, tenant, money, { id: row.id, merchantCode, mobileNum: m.mobileNum }, move, game);
  }
  // The levels their history reaches, with the upgrade bonuses waiting in the reward centre.
  for (const id of ids.values()) await raiseVipLevel(tx, tenant, id);
  const agent = ids.get('demoagent')!;
  for (const code of DEMO_AFFILIATE_CODES) await affiliates.create(tx, merchantCode, code, agent);
  await affiliates.create(tx, merchantCode, DOMAIN_BOUND_AFFILIATE_CODE, agent, tenant.domains[0]);
  await seedInbox(tx, tenant, [ids.get('demoplayer')!, agent]);
}

type DepositChannel = Tenant['settings']['wallet']['deposit']['channels'][number];

/** The channel of a demo deposit: the tenant's first channel that charges no fee and takes the amount. */
function demoChannel(tenant: Tenant, amount: number): DepositChannel | undefined {
  return tenant.settings.wallet.deposit.channels.find((c) => c.fee.percent === 0 && c.fee.fixed === 0 && toMinor(c.min) <= amount && amount <= toMinor(c.max));
}

/**
 * One move of a demo member's history, through the service a real one goes through (see
 * DemoMove). A move the tenant's settings do not allow (no channel without a fee takes the
 * deposit, no payout provider takes the member's number, an amount outside the withdrawal limits,
 * a balance short of it) is left out: the seed never breaks a rule of the money.
 */
async function seedMove(
  tx: Tx,
  tenant: Tenant,
  money: MoneyPlatform,
  member: { id: number; merchantCode: string; mobileNum: string },
  move: DemoMove,
  game: GameRow | undefined,
): Promise<void> {
  const balance = async () => (await money.repos.ledger.walletOf(member.id, tx))?.balance ?? 0;
  switch (move.kind) {
    case 'deposit': {
      // A deposit order, paid as the provider's notice of payment would pay it.
      const channel = demoChannel(tenant, move.amount);
      if (!channel) return;
      const order = await createDeposit(tx, { tenant, memberId: member.id, merchantCode: member.merchantCode, channelId: channel.id, amount: toAmount(move.amount) });
      await creditDeposit(money, tx, order.id, SEEDED_BY);
      return;
    }
    case 'round':
      // A round of an outside vendor's game, settled as a spin settles: stake, win and bet row.
      if (!game || (await balance()) < move.stake) return;
      await settleRound(money, tx, { tenant, member, game, stake: move.stake, win: move.win, outcome: { kind: 'vendor' } });
      return;
    case 'withdrawal': {
      // Held and paid out as an operator pays a withdrawal, to the member's e-wallet of its number.
      const limits = withdrawalLimits(tenant);
      const wallet = await money.repos.ledger.walletOf(member.id, tx);
      const fits = move.amount >= limits.min && move.amount <= limits.max && move.amount + withdrawalFee(limits, move.amount) <= (wallet?.balance ?? 0);
      const accountNo = `0${member.mobileNum}`;
      const provider = tenant.settings.wallet.payoutProviders.find((p) => new RegExp(p.accountPattern).test(accountNo));
      if (!wallet || !fits || !provider) return;
      const [account] = await tx
        .insert(payoutAccounts)
        .values({ merchantCode: member.merchantCode, memberId: member.id, kind: provider.kind, providerCode: provider.code, accountNo, holderName: DEMO_HOLDER_NAME })
        .returning({ id: payoutAccounts.id });
      const held = await holdNewWithdrawal(money, tx, tenant, { memberId: member.id, walletId: wallet.id, currency: wallet.currency, payoutAccountId: account.id, amount: move.amount });
      await settlePendingWithdrawal(money, tx, held, 'paid', null, SEEDED_BY);
      return;
    }
    case 'reward': {
      // A welcome reward of the merchant, claimed.
      const reward = await grantReward(tx, {
        merchantCode: member.merchantCode,
        memberId: member.id,
        source: 'operator',
        sourceRef: 'welcome',
        amount: move.amount,
        turnoverMultiplier: 1,
        expiryDays: expiryDaysOf(tenant),
      });
      if (reward) await payReward(money, tx, tenant, member.id, reward.id);
      return;
    }
  }
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
