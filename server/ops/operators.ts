/**
 * Operators of the back office: created, listed and disabled from the CLI (`npm run ops --
 * operators ...`), signed in to /ops with a password and, when set, a TOTP code. A session is a
 * random 32-byte bearer token of which only the SHA-256 is stored (operator_sessions), valid 8
 * hours; disabling an operator ends its sessions.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Platform } from '../platform';
import { merchants, operatorSessions, operators } from '../db/schema';
import { ApiError } from '../errors';
import { newToken, sha256 } from '../lib/tokens';
import { writeAudit } from './audit';
import {
  decoyHash,
  hashOperatorPassword,
  matchTotp,
  MIN_PASSWORD_LENGTH,
  newTotpSecret,
  otpauthUri,
  verifyOperatorPassword,
} from './credentials';
import { OpsRefusal, type OpsActor } from './types';

const OPERATOR_SESSION_HOURS = 8;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** The issuer an authenticator app shows next to the operator's name. */
const TOTP_ISSUER = 'Back office';

export interface OperatorView {
  id: number;
  username: string;
  merchantCodes: string[] | null;
  totp: boolean;
  disabled: boolean;
  createdAt: string;
}

type OperatorRow = typeof operators.$inferSelect;

const view = (row: OperatorRow): OperatorView => ({
  id: row.id,
  username: row.username,
  merchantCodes: row.merchantCodes ?? null,
  totp: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Managing operators is for an actor over every merchant (the CLI, or an unrestricted operator). */
function assertUnrestricted(actor: OpsActor): void {
  if (actor.merchantCodes !== null) throw new OpsRefusal('ops.merchant.forbidden', `${actor.actor} may not manage operators`);
}

export interface NewOperator {
  username: string;
  password: string;
  merchantCodes: string[] | null;
  totp: boolean;
}

/** Creates an operator; answers it and, with TOTP, the otpauth:// URI to show once. */
export async function addOperator(app: Platform, actor: OpsActor, input: NewOperator): Promise<{ operator: OperatorView; otpauthUri: string | null }> {
  assertUnrestricted(actor);
  if (!USERNAME_PATTERN.test(input.username)) {
    throw new OpsRefusal('validation.failed', 'username: 3 to 32 characters of a-z 0-9 . _ -, starting with a letter or digit');
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new OpsRefusal('validation.failed', `password: at least ${MIN_PASSWORD_LENGTH} characters`);
  const codes = input.merchantCodes === null ? null : [...new Set(input.merchantCodes)];
  if (codes !== null && codes.length === 0) throw new OpsRefusal('validation.failed', 'merchants: name at least one merchant, or leave it out for every merchant');
  const passwordHash = await hashOperatorPassword(input.password);
  const totpSecret = input.totp ? newTotpSecret() : null;
  const row = await app.db.orm.transaction(async (tx) => {
    if (codes !== null) {
      const known = await tx.select({ code: merchants.code }).from(merchants);
      const unknown = codes.filter((c) => !known.some((k) => k.code === c));
      if (unknown.length > 0) throw new OpsRefusal('not.found', `unknown merchant ${unknown.join(', ')}`);
    }
    const [created] = await tx
      .insert(operators)
      .values({ username: input.username, passwordHash, totpSecret, merchantCodes: codes })
      .onConflictDoNothing({ target: operators.username })
      .returning();
    if (!created) throw new OpsRefusal('username.exists', `operator ${input.username} already exists`);
    // The audit never holds the hash or the TOTP secret.
    await writeAudit(tx, actor, { action: 'operator.add', merchantCode: null, targetType: 'operator', targetId: created.id, after: view(created) });
    return created;
  });
  return { operator: view(row), otpauthUri: totpSecret ? otpauthUri(TOTP_ISSUER, row.username, totpSecret) : null };
}

export async function listOperators(app: Platform, actor: OpsActor): Promise<OperatorView[]> {
  assertUnrestricted(actor);
  const all = await app.db.orm.select().from(operators).orderBy(asc(operators.id));
  return all.map(view);
}

/** Disables an operator and ends its sessions (one transaction with the audit row). */
export async function disableOperator(app: Platform, actor: OpsActor, username: string): Promise<OperatorView> {
  assertUnrestricted(actor);
  return app.db.orm.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.username, username)).for('update');
    if (!before) throw new OpsRefusal('not.found', `no operator ${username}`);
    if (before.disabledAt !== null) return view(before);
    const [after] = await tx.update(operators).set({ disabledAt: sql`now()` }).where(eq(operators.id, before.id)).returning();
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, before.id));
    await writeAudit(tx, actor, {
      action: 'operator.disable',
      merchantCode: null,
      targetType: 'operator',
      targetId: before.id,
      before: view(before),
      after: view(after),
    });
    return view(after);
  });
}

export interface LoginAttempt {
  username: string;
  password: string;
  totp?: string;
  ip: string;
}

/**
 * Signs an operator in. Every attempt is counted first, per IP and per username (rate_counters,
 * shared by every instance; one upsert each, so racing attempts each get their own number):
 * past `limits.opsLoginFailures.max` in the window the attempt is refused with 429 before any
 * password is checked, however many race. A success clears the username's count and gives the
 * IP its attempt back; failures stay counted. An unknown name costs the same scrypt as a known
 * one. A disabled operator and a missing TOTP code are told so only after the right password.
 */
export async function loginOperator(app: Platform, attempt: LoginAttempt): Promise<{ token: string; expiresAt: Date; operator: OperatorView }> {
  const { max, windowMs } = app.config.limits.opsLoginFailures;
  const counters = app.repos.counters;
  const [ipKey, userKey] = [`ops-login:ip:${attempt.ip}`, `ops-login:user:${attempt.username.trim().toLowerCase()}`];
  const counts = await Promise.all([counters.hit(ipKey, windowMs), counters.hit(userKey, windowMs)]);
  if (counts.some((c) => c.count > max)) throw new ApiError('rate.limited', 429);
  const fail = (): never => {
    throw new ApiError('ops.login.failed', 401);
  };

  const [row] = await app.db.orm.select().from(operators).where(eq(operators.username, attempt.username));
  const passwordOk = await verifyOperatorPassword(attempt.password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !passwordOk) return fail();
  if (row.disabledAt !== null) throw new ApiError('ops.operator.disabled', 403);
  let step: number | null = null;
  if (row.totpSecret !== null) {
    if (!attempt.totp) throw new ApiError('ops.totp.required', 401, { field: '/totp' });
    step = matchTotp(row.totpSecret, attempt.totp);
    if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) return fail();
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3600_000);
  const accepted = await app.db.orm.transaction(async (tx) => {
    if (step !== null) {
      // Conditional: of two logins racing with one code, one records the step, the other fails.
      const taken = await tx
        .update(operators)
        .set({ totpLastStep: step })
        .where(and(eq(operators.id, row.id), sql`(${operators.totpLastStep} IS NULL OR ${operators.totpLastStep} < ${step})`))
        .returning({ id: operators.id });
      if (taken.length === 0) return false;
    }
    await tx.insert(operatorSessions).values({ tokenHash: sha256(token), operatorId: row.id, expiresAt });
    return true;
  });
  if (!accepted) return fail();
  await Promise.all([counters.reset(userKey), counters.giveBack(ipKey)]);
  return { token, expiresAt, operator: view(row) };
}

export async function logoutOperator(app: Platform, token: string): Promise<void> {
  await app.db.orm.delete(operatorSessions).where(eq(operatorSessions.tokenHash, sha256(token)));
}

/** The actor of a live session token of an enabled operator; null otherwise. */
export async function operatorByToken(app: Platform, token: string): Promise<OpsActor | null> {
  const [found] = await app.db.orm
    .select({ id: operators.id, username: operators.username, merchantCodes: operators.merchantCodes, disabledAt: operators.disabledAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256(token)), gt(operatorSessions.expiresAt, sql`now()`)));
  if (!found || found.disabledAt !== null) return null;
  return { operatorId: found.id, actor: found.username, merchantCodes: found.merchantCodes ?? null };
}
