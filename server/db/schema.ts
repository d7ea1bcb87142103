/**
 * Drizzle table definitions. They mirror server/db/migrations/*.sql, which is the source of
 * truth for the database; a test checks that both agree on every table and column.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const money = (name: string) => bigint(name, { mode: 'number' });
/** Binary content (receipts, identity images, head icons) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const members = pgTable('members', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  username: text('username').notNull(),
  passwordHash: text('password_hash'),
  paymentPasswordHash: text('payment_password_hash'),
  type: smallint('type').notNull().default(0),
  status: text('status').notNull().default('ACTIVE'),
  uplineId: ref('upline_id'),
  mobileNum: text('mobile_num'),
  countryDialingCode: text('country_dialing_code'),
  email: text('email'),
  nickname: text('nickname'),
  payeeName: text('payee_name'),
  profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
  registerMethod: text('register_method'),
  registerUrl: text('register_url'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  tempPasswordHash: text('temp_password_hash'),
  tempPasswordExpiresAt: ts('temp_password_expires_at'),
  regDate: ts('reg_date').notNull().defaultNow(),
  lastLoginAt: ts('last_login_at'),
  /** The highest VIP level reached (0018_vip.sql): it never drops. */
  vipLevel: smallint('vip_level').notNull().default(0),
  /** When the mobile number was proved by SMS (0034_person_caps.sql). */
  mobileVerifiedAt: ts('mobile_verified_at'),
  /** The verified person behind the account ('id:<hash>' or 'm:<E.164>'), for per-person caps (0034). */
  personKey: text('person_key'),
  /** The username's confusable skeleton (0035_username_skeleton.sql, server/lib/username-skeleton.ts), unique per merchant. */
  usernameSkeleton: text('username_skeleton').generatedAlwaysAs(sql`translate(lower(username), 'i10', 'llo')`),
  /** Set by migration 0035 on names that shared a skeleton before it: left out of the unique index. */
  skeletonShared: boolean('skeleton_shared').notNull().default(false),
});

/**
 * The team tree as a closure table (0023_team_tree.sql): one row per member and each of its
 * uplines at any distance, and the member itself at depth 0. Kept by database triggers on members.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: ref('ancestor_id').notNull(),
    descendantId: ref('descendant_id').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.depth, t.descendantId] })],
);

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: ref('member_id').notNull(),
  merchantCode: text('merchant_code').notNull(),
  ip: text('ip'),
  firstLogin: boolean('first_login').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  endsAt: ts('ends_at').notNull(),
  rotatedAt: ts('rotated_at'),
  /** The token that replaced this one, sealed under a key derived from this token (0031_session_successor.sql). */
  successorSealed: text('successor_sealed'),
  /** The first token hash of the login; renewals carry it over (logout ends the whole login). */
  loginId: text('login_id').notNull(),
});

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id'),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  allowNegative: boolean('allow_negative').notNull().default(false),
  /** The house sub-account a HOUSE row is (0 to HOUSE_SHARDS - 1, server/money/ledger.ts); 0 for members' accounts (0036_house_shards.sql). */
  shard: smallint('shard').notNull().default(0),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  kind: text('kind').notNull(),
  memo: text('memo'),
  /** What the posting belongs to: D<deposit id>, W<withdrawal id>, B<bet id> (0015_records.sql). */
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  transactionId: ref('transaction_id').notNull(),
  accountId: ref('account_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  /** Kept only while the outbox provider is active (see GET /wps/dev/captcha). */
  devCode: text('dev_code'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsCodes = pgTable('sms_codes', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  /** International number the code was sent to: +<dialing code><national number>. */
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export const announcements = pgTable('announcements', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  type: text('type').notNull(),
  groupName: text('group_name').notNull().default('m_home'),
  platform: text('platform').notNull().default('M'),
  lang: text('lang'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url'),
  linkUrl: text('link_url'),
  execution: text('execution'),
  promotionType: text('promotion_type'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const announcementReads = pgTable(
  'announcement_reads',
  {
    memberId: ref('member_id').notNull(),
    announcementId: ref('announcement_id').notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.announcementId] })],
);

export const helpItems = pgTable('help_items', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  lang: text('lang').notNull(),
  sort: integer('sort').notNull().default(0),
  title: text('title').notNull(),
  content: text('content').notNull(),
});

export const messages = pgTable('messages', {
  id: id(),
  memberId: ref('member_id').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
});

export const promotions = pgTable('promotions', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  type: text('type').notNull(),
  lang: text('lang'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Shared by the language rows of one promotion (0016). */
  code: text('code').notNull(),
  category: text('category').notNull().default('OTHER'),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  /** Minor units, as target. */
  rewardAmount: money('reward_amount').notNull().default(0),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  target: money('target').notNull().default(0),
});

export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    merchantCode: text('merchant_code').notNull(),
    code: text('code').notNull(),
    memberId: ref('member_id').notNull(),
    domain: text('domain'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
);

export const outbox = pgTable('outbox', {
  id: id(),
  /** Merchant that sent the message (NULL for messages stored before it was recorded). */
  merchantCode: text('merchant_code'),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  kid: text('kid').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** Plain private JWK of databases before migration 0006; cleared at the first start with a key. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
  /** The private JWK sealed with AES-256-GCM under KEY_ENCRYPTION_KEY. */
  privateJwkEnc: text('private_jwk_enc'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Null: the current key. Set: superseded, still decrypting for the grace period. */
  retiredAt: ts('retired_at'),
});

export const jweReplays = pgTable('jwe_replays', {
  jti: text('jti').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  accountTypeName: text('account_type_name').notNull(),
  prizeMode: text('prize_mode'),
  lottoMode: text('lotto_mode'),
  sort: integer('sort').notNull().default(0),
});

export const vendorCategories = pgTable(
  'vendor_categories',
  {
    merchantCode: text('merchant_code').notNull(),
    gameCategory: text('game_category').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameCategory, t.gameType, t.vassalage] })],
);

export const games = pgTable('games', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  nodeId: integer('node_id').notNull(),
  vassalage: text('vassalage').notNull(),
  gameType: text('game_type').notNull(),
  gameId: text('game_id').notNull(),
  roomId: text('room_id'),
  nameEn: text('name_en').notNull(),
  nameTy: text('name_ty').notNull(),
  searchText: text('search_text').notNull(),
  slotType: text('slot_type'),
  isNew: boolean('is_new').notNull().default(false),
  isHot: boolean('is_hot').notNull().default(false),
  hotRank: integer('hot_rank'),
  /** Minor units. */
  minBet: bigint('min_bet', { mode: 'number' }).notNull().default(1),
  minLine: integer('min_line').notNull().default(1),
  supportPlay: boolean('support_play').notNull().default(false),
  prizeMode: text('prize_mode'),
  lottoMode: text('lotto_mode'),
  iconUrl: text('icon_url').notNull(),
  mobileSmallIcon: text('mobile_small_icon').notNull(),
  mobileLargeIcon: text('mobile_large_icon').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gameFavourites = pgTable(
  'game_favourites',
  {
    memberId: ref('member_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    nodeId: integer('node_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] })],
);

export const gameRecent = pgTable(
  'game_recent',
  {
    memberId: ref('member_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    nodeId: integer('node_id').notNull(),
    playedAt: ts('played_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] })],
);

export const hotMatches = pgTable('hot_matches', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  matchTime: ts('match_time').notNull(),
  league: text('league').notNull(),
  homeTeam: text('home_team').notNull(),
  awayTeam: text('away_team').notNull(),
  homeTeamImageUrl: text('home_team_image_url').notNull(),
  awayTeamImageUrl: text('away_team_image_url').notNull(),
  vendor: text('vendor').notNull(),
  roomId: text('room_id').notNull(),
  nodeId: integer('node_id').notNull(),
  supportPlay: boolean('support_play').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const gameWinners = pgTable('game_winners', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  nodeId: integer('node_id'),
  iconUrl: text('icon_url').notNull(),
  customerName: text('customer_name').notNull(),
  gameName: text('game_name').notNull(),
  /** Minor units. */
  winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const jackpots = pgTable('jackpots', {
  merchantCode: text('merchant_code').primaryKey(),
  currency: text('currency').notNull(),
  baseAmount: bigint('base_amount', { mode: 'number' }).notNull(),
  perSecond: bigint('per_second', { mode: 'number' }).notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
});

export const gameTokens = pgTable('game_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').$type<'LAUNCH' | 'PLAY'>().notNull(),
  memberId: ref('member_id').notNull(),
  sessionHash: text('session_hash').notNull(),
  merchantCode: text('merchant_code').notNull(),
  /** Null: a vendor's lobby. */
  nodeId: integer('node_id'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const bets = pgTable('bets', {
  id: id(),
  memberId: ref('member_id').notNull(),
  merchantCode: text('merchant_code').notNull(),
  nodeId: integer('node_id').notNull(),
  vassalage: text('vassalage').notNull(),
  gameType: text('game_type').notNull(),
  currency: text('currency').notNull(),
  /** Minor units. */
  stake: bigint('stake', { mode: 'number' }).notNull(),
  win: bigint('win', { mode: 'number' }).notNull(),
  outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
  ledgerTransactionId: ref('ledger_transaction_id').notNull(),
  /** The wallet's balance once the bet was settled (minor units); null where the ledger does not say. */
  balanceAfter: money('balance_after'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A member's bets per tenant day and game type and vendor (0015_records.sql); amounts in minor units. */
export const betDays = pgTable(
  'bet_days',
  {
    memberId: ref('member_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    betCount: integer('bet_count').notNull(),
    stake: money('stake').notNull(),
    validTurnover: money('valid_turnover').notNull(),
    win: money('win').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.gameType, t.vassalage] })],
);

/** A member account's ledger entries per tenant day and posting kind (0015_records.sql); minor units. */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    accountId: ref('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    credit: money('credit').notNull(),
    debit: money('debit').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.kind] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: ref('member_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.scope, t.key] })],
);

export const operators = pgTable('operators', {
  id: id(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  /** The TOTP step of the last accepted code (migration 0009): each code is accepted once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** The merchants the operator may act on; null: every merchant. */
  merchantCodes: text('merchant_codes').array(),
  disabledAt: ts('disabled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: ref('operator_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: id(),
  operatorId: ref('operator_id'),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  merchantCode: text('merchant_code'),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  reason: text('reason'),
  before: jsonb('before').$type<unknown>(),
  after: jsonb('after').$type<unknown>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type DepositState = 'pending' | 'paid' | 'rejected' | 'expired' | 'cancelled';

export const deposits = pgTable('deposits', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  channelId: text('channel_id').notNull(),
  provider: text('provider').$type<'manual' | 'gateway'>().notNull(),
  /** Minor units, as every amount below. */
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default(0),
  bonus: money('bonus').notNull().default(0),
  /** Turnover added once paid (0010): amount x deposit multiplier, bonus x bonus multiplier. */
  depositTurnover: money('deposit_turnover').notNull().default(0),
  bonusTurnover: money('bonus_turnover').notNull().default(0),
  state: text('state').$type<DepositState>().notNull().default('pending'),
  reference: text('reference'),
  receipt: bytea('receipt'),
  receiptType: text('receipt_type'),
  /** gateway: the provider's payment id (unique per provider), once it opened one. */
  gatewayRef: text('gateway_ref'),
  /** gateway: the provider's name (the channel's `gateway` at creation), and its payment page. */
  gateway: text('gateway'),
  payUrl: text('pay_url'),
  reason: text('reason'),
  transactionId: ref('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});

export const turnoverRequirements = pgTable('turnover_requirements', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  source: text('source').$type<'deposit' | 'bonus' | 'adjustment' | 'rebate' | 'transfer' | 'contract' | 'red_rain'>().notNull(),
  sourceId: text('source_id'),
  required: money('required').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  waivedAt: ts('waived_at'),
  waivedBy: text('waived_by'),
  metAt: ts('met_at'),
});

export const payoutAccounts = pgTable('payout_accounts', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  kind: text('kind').$type<'bank' | 'ewallet'>().notNull(),
  providerCode: text('provider_code').notNull(),
  accountNo: text('account_no').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export type IdentityState = 'pending' | 'approved' | 'rejected';

export const identityChecks = pgTable('identity_checks', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  state: text('state').$type<IdentityState>().notNull().default('pending'),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});

export const identityImages = pgTable(
  'identity_images',
  {
    checkId: ref('check_id').notNull(),
    side: text('side').$type<'front' | 'back' | 'selfie'>().notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.side] })],
);

export const memberAvatars = pgTable('member_avatars', {
  memberId: ref('member_id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type WithdrawalState = 'pending' | 'paid' | 'rejected';

export const withdrawals = pgTable('withdrawals', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  payoutAccountId: ref('payout_account_id').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default(0),
  state: text('state').$type<WithdrawalState>().notNull().default('pending'),
  reason: text('reason'),
  holdTransactionId: ref('hold_transaction_id').notNull(),
  settleTransactionId: ref('settle_transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});

export type RebateKind = 'manual' | 'auto';

/** A rebate paid into a wallet (0013_rebates_transfers.sql): it covers the member's bets from_bet_id < id <= until_bet_id. */
export const rebateClaims = pgTable('rebate_claims', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  kind: text('kind').$type<RebateKind>().notNull(),
  /** The tenant's day (YYYY-MM-DD): the day claimed, or the day an automatic rebate settled. */
  day: date('day', { mode: 'string' }).notNull(),
  fromBetId: ref('from_bet_id').notNull(),
  untilBetId: ref('until_bet_id').notNull(),
  periodFrom: ts('period_from').notNull(),
  periodUntil: ts('period_until').notNull(),
  /** Minor units, as turnoverRequired. */
  amount: money('amount').notNull(),
  turnoverRequired: money('turnover_required').notNull(),
  transactionId: ref('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rebateClaimLines = pgTable(
  'rebate_claim_lines',
  {
    claimId: ref('claim_id').notNull(),
    gameType: text('game_type').notNull(),
    /** Minor units, as amount. */
    validTurnover: money('valid_turnover').notNull(),
    /** Hundredths of a percent: 0.8% is 80. */
    rateBp: integer('rate_bp').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.gameType] })],
);

/** A transfer from a member's wallet to the upline's. */
export const transfers = pgTable('transfers', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  fromMemberId: ref('from_member_id').notNull(),
  toMemberId: ref('to_member_id').notNull(),
  /** Minor units. */
  amount: money('amount').notNull(),
  transactionId: ref('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const feedback = pgTable('feedback', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  type: text('type').notNull(),
  content: text('content').notNull(),
  reply: text('reply'),
  repliedBy: text('replied_by'),
  repliedAt: ts('replied_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type ImagePurpose = 'feedback' | 'promotion';

/** Images members upload for a feedback or a promotion application (0020; server/services/uploads.ts). */
export const memberImages = pgTable('member_images', {
  id: id(),
  memberId: ref('member_id').notNull(),
  purpose: text('purpose').$type<ImagePurpose>().notNull(),
  /** The feedback or promotion entry once sent; null while staged. */
  ownerId: ref('owner_id'),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type RewardSource = 'deposit_bonus' | 'sign_in' | 'turnover' | 'mission' | 'vip_upgrade' | 'referral' | 'operator';

/** Money granted to a member, taken into the wallet by a claim before it expires (0016_rewards.sql). */
export const rewards = pgTable('rewards', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  source: text('source').$type<RewardSource>().notNull(),
  /** What granted it (a deposit id, a day, a level): unique per member and source. */
  sourceRef: text('source_ref').notNull(),
  promotionId: ref('promotion_id'),
  /** Minor units, as turnoverRequired. */
  amount: money('amount').notNull(),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull(),
  turnoverRequired: money('turnover_required').notNull(),
  expiresAt: ts('expires_at').notNull(),
  claimedAt: ts('claimed_at'),
  transactionId: ref('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The person a one-per-person reward counts for (0034_person_caps.sql). */
  personKey: text('person_key'),
});

export type PromotionEntryState = 'joined' | 'applying' | 'rejected' | 'issued' | 'signed';

/** A member's part in a promotion (0016_rewards.sql). */
export const promotionEntries = pgTable('promotion_entries', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  promotionCode: text('promotion_code').notNull(),
  /** '' once per promotion; the tenant's day for a daily sign-in. */
  period: text('period').notNull().default(''),
  state: text('state').$type<PromotionEntryState>().notNull(),
  remark: text('remark'),
  rewardId: ref('reward_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The operator's rejection reason (0020). */
  reason: text('reason'),
  decidedBy: text('decided_by'),
  decidedAt: ts('decided_at'),
});

export type MissionTaskKind = 'wager';
export type MissionTaskPeriod = 'week' | 'promotion';

/** A task of a MISSION promotion (0019_missions.sql); amounts in minor units. */
export const missionTasks = pgTable('mission_tasks', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  promotionCode: text('promotion_code').notNull(),
  kind: text('kind').$type<MissionTaskKind>().notNull(),
  /** Null: bets of any game type. */
  gameType: text('game_type'),
  target: money('target').notNull(),
  period: text('period').$type<MissionTaskPeriod>().notNull(),
  points: integer('points').notNull(),
  rewardAmount: money('reward_amount').notNull().default(0),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  titleEn: text('title_en').notNull(),
  titleTy: text('title_ty').notNull(),
  sort: integer('sort').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A claimed mission task, once per member, task and period (0019_missions.sql). */
export const missionClaims = pgTable('mission_claims', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  promotionCode: text('promotion_code').notNull(),
  taskId: ref('task_id').notNull(),
  /** '' for a task of the promotion's period; else the Monday of the tenant's week. */
  period: text('period').notNull(),
  /** The tenant's week (its Monday) of the claim: the ranking's period. */
  week: date('week', { mode: 'string' }).notNull(),
  points: integer('points').notNull(),
  rewardId: ref('reward_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type PlayerLimitKind = 'deposit' | 'loss' | 'wager' | 'session';
export type PlayerLimitPeriod = 'day' | 'week' | 'month' | 'session';

/**
 * A member's protection limit (0024_player_limits.sql): the value enforced now and a pending
 * loosening (pendingSet: pendingValue, null for a removal) that applies at effectiveAt.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    memberId: ref('member_id').notNull(),
    kind: text('kind').$type<PlayerLimitKind>().notNull(),
    period: text('period').$type<PlayerLimitPeriod>().notNull(),
    value: bigint('value', { mode: 'number' }),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    effectiveAt: ts('effective_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] })],
);
/** Time-outs and self-exclusions (0025_player_protection.sql): only ever inserted, never changed or deleted. */
export const memberExclusions = pgTable('member_exclusions', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  kind: text('kind').$type<'timeout' | 'self_exclusion'>().notNull(),
  period: text('period').$type<'24h' | '7d' | '30d' | '6m' | '1y' | '5y'>().notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A member's reality-check interval (null: the tenant's; 0: off) and birth date (0025_player_protection.sql). */
export const memberProtection = pgTable('member_protection', {
  memberId: ref('member_id').primaryKey(),
  realityCheckMinutes: integer('reality_check_minutes'),
  birthDate: date('birth_date', { mode: 'string' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The next reality check of a login (0025_player_protection.sql). */
export const realityChecks = pgTable('reality_checks', {
  loginId: text('login_id').primaryKey(),
  memberId: ref('member_id').notNull(),
  dueAt: ts('due_at').notNull(),
  acknowledgedAt: ts('acknowledged_at'),
});
/**
 * A member's own cash-back rate per game type, set by its upline (0028_agent_rebate_rates.sql): in
 * hundredths of a percent; never above the upline's. No row: the tenant's rate applies.
 */
export const memberRebateRates = pgTable(
  'member_rebate_rates',
  {
    memberId: ref('member_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    gameType: text('game_type').notNull(),
    rateBp: integer('rate_bp').notNull(),
    setBy: ref('set_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameType] })],
);
/** A red-envelope rain window (0026_red_rain.sql); amounts in minor units, `paid` never above `budget`. */
export const rainWindows = pgTable('rain_windows', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  budget: money('budget').notNull(),
  paid: money('paid').notNull().default(0),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  maxPerMember: integer('max_per_member').notNull(),
  /** Each catch adds a turnover requirement of amount x this (0034_person_caps.sql). */
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An envelope caught in a rain window and credited to the member's wallet (0026_red_rain.sql). */
export const rainCatches = pgTable('rain_catches', {
  id: id(),
  windowId: ref('window_id').notNull(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  amount: money('amount').notNull(),
  transactionId: ref('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type AgentContractKind = 'salary' | 'dividend' | 'hourly';
export type AgentContractState = 'proposed' | 'signed' | 'rejected' | 'cancelled' | 'superseded';

/** A contract between an agent and a direct downline agent (0029_agent_contracts.sql); terms in minor units / basis points. */
export const agentContracts = pgTable('agent_contracts', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  kind: text('kind').$type<AgentContractKind>().notNull(),
  uplineId: ref('upline_id').notNull(),
  downlineId: ref('downline_id').notNull(),
  terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
  state: text('state').$type<AgentContractState>().notNull().default('proposed'),
  createdAt: ts('created_at').notNull().defaultNow(),
  signedAt: ts('signed_at'),
  endedAt: ts('ended_at'),
});

/** One contract's payment for one period (0029_agent_contracts.sql); minor units. */
export const agentContractSettlements = pgTable('agent_contract_settlements', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  contractId: ref('contract_id').notNull(),
  kind: text('kind').$type<AgentContractKind>().notNull(),
  downlineId: ref('downline_id').notNull(),
  period: text('period').notNull(),
  periodStart: ts('period_start').notNull(),
  periodEnd: ts('period_end').notNull(),
  turnover: money('turnover').notNull().default(0),
  activeMembers: integer('active_members').notNull().default(0),
  netLoss: money('net_loss').notNull().default(0),
  amount: money('amount').notNull(),
  transactionId: ref('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Why a period paid nothing whatever the tiers said (0033): no turnover or no active member. */
  refusedReason: text('refused_reason'),
});

/** An operator's ceiling on what a top-level agent may propose, per kind (0033_contract_activity.sql): minor units or basis points. */
export const agentContractCeilings = pgTable(
  'agent_contract_ceilings',
  {
    memberId: ref('member_id').notNull(),
    kind: text('kind').$type<AgentContractKind>().notNull(),
    merchantCode: text('merchant_code').notNull(),
    maxValue: money('max_value').notNull(),
    setBy: text('set_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** A tenant's maintenance window, at most one per tenant (0030_maintenance_windows.sql). */
export const maintenanceWindows = pgTable('maintenance_windows', {
  tenantId: text('tenant_id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** The message per tenant language (EN, TY, ...). */
  messages: jsonb('messages').$type<Record<string, string>>().notNull().default({}),
  setBy: text('set_by').notNull(),
  setAt: ts('set_at').notNull().defaultNow(),
});
