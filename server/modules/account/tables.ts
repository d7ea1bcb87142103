/**
 * Accounts (members, sessions, verification codes, identity checks, avatars and uploads).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare;
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, sql, type TableRelationsHelpers } from 'drizzle-orm';
import { type AnyPgColumn, boolean, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, id, ref, ts } from '../../db/columns';
import { merchants } from '../site/tables';

export const members = pgTable('members', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  username: text('username').notNull(),
  passwordHash: text('password_hash'),
  paymentPasswordHash: text('payment_password_hash'),
  type: smallint('type').notNull().default(0),
  status: text('status').notNull().default('ACTIVE'),
  uplineId: ref('upline_id').references((): AnyPgColumn => members.id),
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
  /** The tenant version that served the registration (0038_tenant_versions.sql): the rollout report's registrations. */
  tenantVersion: integer('tenant_version'),
});
export type Member = typeof members.$inferSelect;
/** The account relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfAccount = ({ one, many }: TableRelationsHelpers<'members'>) => ({
  merchant: one(merchants, { fields: [members.merchantCode], references: [merchants.code] }),
  upline: one(members, { fields: [members.uplineId], references: [members.id], relationName: 'members_upline' }),
  identityChecks: many(identityChecks),
  avatar: one(memberAvatars),
  memberImages: many(memberImages),
  downlines: many(members, { relationName: 'members_upline' }),
  sessions: many(sessions),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: ref('member_id').notNull().references(() => members.id),
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
export type Session = typeof sessions.$inferSelect;
/** The account relations of sessions, gathered into sessionsRelations by server/db/schema.ts. */
export const sessionRelationsOfAccount = ({ one }: TableRelationsHelpers<'sessions'>) => ({
  member: one(members, { fields: [sessions.memberId], references: [members.id] }),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  /** Kept only while the outbox provider is active (see GET /wps/dev/captcha). */
  devCode: text('dev_code'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Captcha = typeof captchas.$inferSelect;

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
export type SmsCode = typeof smsCodes.$inferSelect;

export type IdentityState = 'pending' | 'approved' | 'rejected';

export const identityChecks = pgTable('identity_checks', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  state: text('state').$type<IdentityState>().notNull().default('pending'),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});
export type IdentityCheck = typeof identityChecks.$inferSelect;
export const identityChecksRelations = relations(identityChecks, ({ one, many }) => ({
  member: one(members, { fields: [identityChecks.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [identityChecks.merchantCode], references: [merchants.code] }),
  identityImages: many(identityImages),
}));

export const identityImages = pgTable(
  'identity_images',
  {
    checkId: ref('check_id').notNull().references(() => identityChecks.id),
    side: text('side').$type<'front' | 'back' | 'selfie'>().notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.side] })],
);
export type IdentityImage = typeof identityImages.$inferSelect;
export const identityImagesRelations = relations(identityImages, ({ one }) => ({
  check: one(identityChecks, { fields: [identityImages.checkId], references: [identityChecks.id] }),
}));

export const memberAvatars = pgTable('member_avatars', {
  memberId: ref('member_id').primaryKey().references(() => members.id),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type MemberAvatar = typeof memberAvatars.$inferSelect;
export const memberAvatarsRelations = relations(memberAvatars, ({ one }) => ({
  member: one(members, { fields: [memberAvatars.memberId], references: [members.id] }),
}));

export type ImagePurpose = 'feedback' | 'promotion';

/** Images members upload for a feedback or a promotion application (0020; server/modules/engagement/services/uploads.ts). */
export const memberImages = pgTable('member_images', {
  id: id(),
  memberId: ref('member_id').notNull().references(() => members.id),
  purpose: text('purpose').$type<ImagePurpose>().notNull(),
  /** The feedback or promotion entry once sent; null while staged. */
  ownerId: ref('owner_id'),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type MemberImage = typeof memberImages.$inferSelect;
export const memberImagesRelations = relations(memberImages, ({ one }) => ({
  member: one(members, { fields: [memberImages.memberId], references: [members.id] }),
}));
