/**
 * The site (tenants, operators, keys, rate counters, the outbox and the audit log).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare;
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations } from 'drizzle-orm';
import { bigint, boolean, date, integer, json, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../db/columns';

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Merchant = typeof merchants.$inferSelect;

export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});
export type RateCounter = typeof rateCounters.$inferSelect;

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
export type OutboxMessage = typeof outbox.$inferSelect;

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
export type ServerKey = typeof serverKeys.$inferSelect;

export const jweReplays = pgTable('jwe_replays', {
  jti: text('jti').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});
export type JweReplay = typeof jweReplays.$inferSelect;

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
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;

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
export type Operator = typeof operators.$inferSelect;
export const operatorsRelations = relations(operators, ({ many }) => ({
  auditLog: many(auditLog),
  operatorSessions: many(operatorSessions),
}));

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: ref('operator_id').notNull().references(() => operators.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});
export type OperatorSession = typeof operatorSessions.$inferSelect;
export const operatorSessionsRelations = relations(operatorSessions, ({ one }) => ({
  operator: one(operators, { fields: [operatorSessions.operatorId], references: [operators.id] }),
}));

export const auditLog = pgTable('audit_log', {
  id: id(),
  operatorId: ref('operator_id').references(() => operators.id),
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
export type AuditEntry = typeof auditLog.$inferSelect;
export const auditLogRelations = relations(auditLog, ({ one }) => ({
  operator: one(operators, { fields: [auditLog.operatorId], references: [operators.id] }),
}));

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
export type MaintenanceWindow = typeof maintenanceWindows.$inferSelect;

/** The kinds and states of a tenant version (0038_tenant_versions.sql). */
export type TenantVersionKind = 'publish' | 'rollback' | 'scheduled' | 'rollout';
export type TenantVersionStatus = 'pending' | 'live' | 'superseded' | 'cancelled' | 'rollout' | 'ended';

/** One published tenant version, immutable but for its status (0038_tenant_versions.sql). */
export const tenantVersions = pgTable(
  'tenant_versions',
  {
    tenantId: text('tenant_id').notNull(),
    version: integer('version').notNull(),
    merchantCode: text('merchant_code').notNull(),
    /** The resolved tenant as validated. */
    tenant: json('tenant').$type<Record<string, unknown>>().notNull(),
    contentHash: text('content_hash').notNull(),
    author: text('author').notNull(),
    message: text('message'),
    /** The diff in words against the version live at publishing. */
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    kind: text('kind').$type<TenantVersionKind>().notNull(),
    status: text('status').$type<TenantVersionStatus>().notNull(),
    goLiveAt: ts('go_live_at'),
    share: smallint('share'),
    rolledBackFrom: integer('rolled_back_from'),
    liveAt: ts('live_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] })],
);
export type TenantVersion = typeof tenantVersions.$inferSelect;

/** A tenant's live version and rollout (0038_tenant_versions.sql). */
export const tenantHeads = pgTable('tenant_heads', {
  tenantId: text('tenant_id').primaryKey(),
  lastVersion: integer('last_version').notNull().default(0),
  liveVersion: integer('live_version'),
  rolloutVersion: integer('rollout_version'),
  rolloutShare: smallint('rollout_share'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Visitors per tenant version and day (0038_tenant_versions.sql). */
export const tenantVersionVisits = pgTable(
  'tenant_version_visits',
  {
    tenantId: text('tenant_id').notNull(),
    version: integer('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version, t.day] })],
);
