/**
 * The back office's /ops API: operator sign-in (password, TOTP, rate limits, disabled
 * operators, token lifetime), merchant scoping, balance adjustments with their idempotency and
 * audit, turnover waivers, and the ledger check, clean after all of it and catching a broken
 * ledger (forged rows, removed again).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { auditLog, operatorSessions } from '../../../server/db/schema';
import { base32Decode, base32Encode, hashOperatorPassword, hotp, matchTotp, totpCode, verifyOperatorPassword } from '../../../server/ops/credentials';
import { addOperator, disableOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { addRequirement, turnoverStatus } from '../../../server/money/turnover';
import { call, describeBackends, expectLedgerClean, fundedPlayer, nextIp } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'correct horse battery';
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++seq}`;
const idem = () => ({ 'idempotency-key': `ops-${randomBytes(12).toString('base64url')}` });

async function operator(app: FastifyInstance, opts: { merchants?: string[]; totp?: boolean } = {}) {
  const username = uniqueName('op');
  const created = await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: opts.merchants ?? null, totp: opts.totp ?? false });
  const secret = created.otpauthUri ? new URL(created.otpauthUri).searchParams.get('secret') : null;
  return { username, secret, id: created.operator.id };
}

async function signIn(app: FastifyInstance, username: string, body: Record<string, string> = {}) {
  return call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD, ...body } });
}

async function tokenOf(app: FastifyInstance, opts: { merchants?: string[] } = {}) {
  const { username, id } = await operator(app, opts);
  const res = await signIn(app, username);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.value!.token, username, id };
}

/**
 * A signed-in operator over every merchant, one per app: for the tests that only need to call the
 * back office (a new operator and sign-in each cost two scrypt runs of the production cost).
 */
const shared = new WeakMap<FastifyInstance, Promise<string>>();
function sharedToken(app: FastifyInstance): Promise<string> {
  let token = shared.get(app);
  if (!token) {
    token = tokenOf(app).then((t) => t.token);
    shared.set(app, token);
  }
  return token;
}

async function player(app: FastifyInstance, balance: number) {
  const { memberId } = await fundedPlayer(app, balance);
  const member = (await app.repos.members.byId(memberId))!;
  return { memberId, username: member.username };
}

const balanceOf = async (app: FastifyInstance, memberId: number) => (await app.repos.ledger.walletOf(memberId))!.balance;
const count = async (app: FastifyInstance, table: string) =>
  Number((await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n);

describe('operator credentials', () => {
  it('computes the RFC 6238 SHA-1 test vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(hotp(secret, Math.floor(seconds / 30), 8)).toBe(code);
    const b32 = base32Encode(secret);
    expect(b32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(b32)).toEqual(secret);
    expect(totpCode(b32, 59_000)).toBe('287082');
    // One step of drift either side, not two.
    expect(matchTotp(b32, '287082', 59_000 + 30_000)).toBe(1);
    expect(matchTotp(b32, '287082', 59_000 + 60_000)).toBeNull();
    expect(matchTotp(b32, 'abcdef', 59_000)).toBeNull();
  });

  it('hashes passwords with scrypt and a random salt, in the documented format', async () => {
    const a = await hashOperatorPassword(PASSWORD);
    const b = await hashOperatorPassword(PASSWORD);
    expect(a).toMatch(/^scrypt\$15\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyOperatorPassword(PASSWORD, a)).toBe(true);
    expect(await verifyOperatorPassword(`${PASSWORD}!`, a)).toBe(false);
    expect(await verifyOperatorPassword(PASSWORD, 'scrypt$40$8$3$AAAA$BBBB')).toBe(false);
    expect(await verifyOperatorPassword(PASSWORD, 'argon2$x')).toBe(false);
  });
});

describeBackends(
  'back office',
  ({ server }) => {
    it('signs in with the right password only; every /ops route but the login needs the token', async () => {
      const { app } = server();
      const { username } = await operator(app);
      const wrong = await signIn(app, username, { password: 'not the password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.errorCode).toBe('ops.login.failed');
      const unknown = await signIn(app, uniqueName('ghost'));
      expect(unknown.body.errorCode).toBe('ops.login.failed');
      const ok = await signIn(app, username);
      expect(ok.status).toBe(200);
      const token = ok.body.value!.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is stored.
      const stored = await app.db.orm.select().from(operatorSessions);
      expect(stored.some((s) => s.tokenHash === token)).toBe(false);
      expect((await call(app, 'GET', '/ops/ledger/check', { token })).status).toBe(200);
      for (const [method, url] of [
        ['GET', '/ops/ledger/check'],
        ['GET', '/ops/audit'],
        ['POST', '/ops/balance/adjust'],
        ['POST', '/ops/turnover/waive'],
        ['DELETE', '/ops/session'],
        ['GET', '/ops/no-such-route'],
      ] as const) {
        const res = await call(app, method, url, { body: method === 'POST' ? {} : undefined });
        expect([url, res.status, res.body.errorCode]).toEqual([url, 401, 'ops.session.required']);
      }
    });

    it('answers whatever the Host (the back office belongs to no tenant)', async () => {
      const { app } = server();
      const token = await sharedToken(app);
      expect((await call(app, 'GET', '/ops/ledger/check', { token, host: 'backoffice.internal' })).status).toBe(200);
    });

    it('requires and checks the TOTP code of an operator that has one, and accepts each code once', async () => {
      const { app } = server();
      const { username, secret } = await operator(app, { totp: true });
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const missing = await signIn(app, username);
      expect([missing.status, missing.body.errorCode]).toEqual([401, 'ops.totp.required']);
      const right = totpCode(secret!);
      const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const wrong = await signIn(app, username, { totp: wrongCode });
      expect([wrong.status, wrong.body.errorCode]).toEqual([401, 'ops.login.failed']);
      const ok = await signIn(app, username, { totp: right });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const replay = await signIn(app, username, { totp: right });
      expect([replay.status, replay.body.errorCode]).toEqual([401, 'ops.login.failed']);
    });

    it('refuses a forged, an expired and a revoked token, and a disabled operator', async () => {
      const { app } = server();
      const forged = randomBytes(32).toString('base64url');
      expect((await call(app, 'GET', '/ops/audit', { token: forged })).body.errorCode).toBe('ops.session.required');

      const a = await tokenOf(app);
      await app.db.orm.update(operatorSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(operatorSessions.operatorId, a.id));
      expect((await call(app, 'GET', '/ops/audit', { token: a.token })).status).toBe(401);

      const b = await tokenOf(app);
      expect((await call(app, 'DELETE', '/ops/session', { token: b.token })).status).toBe(200);
      expect((await call(app, 'GET', '/ops/audit', { token: b.token })).body.errorCode).toBe('ops.session.required');

      const c = await tokenOf(app);
      await disableOperator(app, CLI, c.username);
      expect((await call(app, 'GET', '/ops/audit', { token: c.token })).status).toBe(401);
      const again = await signIn(app, c.username);
      expect([again.status, again.body.errorCode]).toEqual([403, 'ops.operator.disabled']);
      expect((await signIn(app, c.username, { password: 'wrong password' })).body.errorCode).toBe('ops.login.failed');
    });

    it('limits failed logins per username and per IP, before checking any password', async () => {
      const { app } = server();
      const { username } = await operator(app);
      for (let i = 0; i < 3; i++) {
        expect((await signIn(app, username, { password: `wrong ${i}` })).status).toBe(401);
      }
      const blocked = await signIn(app, username);
      expect([blocked.status, blocked.body.errorCode]).toEqual([429, 'rate.limited']);

      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        const res = await call(app, 'POST', '/ops/session', { ip, body: { username: uniqueName('ghost'), password: 'guess guess' } });
        expect(res.status).toBe(401);
      }
      const other = await operator(app);
      const fromIp = await call(app, 'POST', '/ops/session', { ip, body: { username: other.username, password: PASSWORD } });
      expect(fromIp.status).toBe(429);
    });

    it('checks at most the allowed number of passwords when attempts race', async () => {
      const { app } = server();
      const { username } = await operator(app);
      const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(app, username, { password: `racing guess ${i}` })));
      const statuses = racing.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it("refuses an operator on another merchant's member, changing nothing", async () => {
      const { app } = server();
      const en = await tokenOf(app, { merchants: ['demoen01'] });
      const p = await player(app, 10_000);
      const audits = await count(app, 'audit_log');
      const res = await call(app, 'POST', '/ops/balance/adjust', {
        token: en.token,
        headers: idem(),
        body: { merchant: 'demoph01', username: p.username, amount: 100, reason: 'not mine' },
      });
      expect([res.status, res.body.errorCode]).toEqual([403, 'ops.merchant.forbidden']);
      const waive = await call(app, 'POST', '/ops/turnover/waive', { token: en.token, body: { merchant: 'demoph01', username: p.username, reason: 'not mine' } });
      expect(waive.status).toBe(403);
      expect((await call(app, 'GET', '/ops/ledger/check', { token: en.token })).status).toBe(403);
      expect(await balanceOf(app, p.memberId)).toBe(10_000);
      expect(await count(app, 'audit_log')).toBe(audits);
      // Its audit view shows only its merchants' rows.
      const seen = await call<{ merchantCode: string | null }[]>(app, 'GET', '/ops/audit', { token: en.token });
      expect(seen.body.value!.every((r) => r.merchantCode === 'demoen01')).toBe(true);
    });

    it('credits and debits a wallet, refuses an overdraw with no row changed, and audits before and after', async () => {
      const { app } = server();
      const { token, username: opName } = await tokenOf(app, { merchants: ['demoph01'] });
      const p = await player(app, 10_000);
      const adjust = (amount: string | number, reason = 'manual correction') =>
        call<{ balanceBefore: number; balanceAfter: number; amount: number; transactionId: number }>(app, 'POST', '/ops/balance/adjust', {
          token,
          headers: idem(),
          body: { merchant: 'demoph01', username: p.username, amount, reason },
        });
      const credit = await adjust(100);
      expect(credit.status, JSON.stringify(credit.body)).toBe(200);
      expect(credit.body.value).toMatchObject({ amount: 100, balanceBefore: 100, balanceAfter: 200 });
      const debit = await adjust('-50.25');
      expect(debit.body.value).toMatchObject({ amount: -50.25, balanceBefore: 200, balanceAfter: 149.75 });
      expect(await balanceOf(app, p.memberId)).toBe(14_975);

      const before = { tx: await count(app, 'ledger_transactions'), entries: await count(app, 'ledger_entries'), audit: await count(app, 'audit_log') };
      const overdraw = await adjust('-149.76');
      expect([overdraw.status, overdraw.body.errorCode]).toEqual([409, 'balance.insufficient']);
      expect(await balanceOf(app, p.memberId)).toBe(14_975);
      expect({ tx: await count(app, 'ledger_transactions'), entries: await count(app, 'ledger_entries'), audit: await count(app, 'audit_log') }).toEqual(before);

      for (const bad of ['0', '1.005', 'ten', 0.001]) {
        const res = await adjust(bad);
        expect([bad, res.status, (res.body.value as { field?: string }).field]).toEqual([bad, 400, '/amount']);
      }

      const audit = await call<{ action: string; actor: string; reason: string; before: { balance: number }; after: { balance: number } }[]>(
        app,
        'GET',
        `/ops/audit?targetType=member&targetId=${p.memberId}&action=balance.adjust`,
        { token },
      );
      expect(audit.body.value!.map((r) => [r.actor, r.reason, r.before.balance, r.after.balance])).toEqual([
        [opName, 'manual correction', 20_000, 14_975],
        [opName, 'manual correction', 10_000, 20_000],
      ]);
      const [posting] = await rows<{ kind: string; memo: string }>(
        app.db.orm,
        sql`SELECT kind, memo FROM ledger_transactions WHERE id = ${debit.body.value!.transactionId}`,
      );
      expect(posting).toEqual({ kind: 'ADJUSTMENT', memo: 'manual correction' });
      await expectLedgerClean(app);
    });

    it('moves money once for a replayed or racing Idempotency-Key, and refuses the key with another body', async () => {
      const { app } = server();
      const token = await sharedToken(app);
      const p = await player(app, 0);
      const headers = idem();
      const body = { merchant: 'demoph01', username: p.username, amount: '25.50', reason: 'promised bonus' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => call(app, 'POST', '/ops/balance/adjust', { token, headers, body })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body.value))).size).toBe(1);
      const replay = await call(app, 'POST', '/ops/balance/adjust', { token, headers, body });
      expect(replay.body.value).toEqual(answers[0].body.value);
      expect(await balanceOf(app, p.memberId)).toBe(2_550);
      const reused = await call(app, 'POST', '/ops/balance/adjust', { token, headers, body: { ...body, amount: '99' } });
      expect([reused.status, reused.body.errorCode]).toEqual([422, 'idempotency.key.reused']);
      const noKey = await call(app, 'POST', '/ops/balance/adjust', { token, body });
      expect([noKey.status, (noKey.body.value as { field: string }).field]).toEqual([400, '/idempotency-key']);
      expect(await balanceOf(app, p.memberId)).toBe(2_550);
      await expectLedgerClean(app);
    });

    it('requires a reason of 3 to 200 characters, naming the field', async () => {
      const { app } = server();
      const token = await sharedToken(app);
      const p = await player(app, 1_000);
      for (const reason of [undefined, 'ab', 'x'.repeat(201)]) {
        const res = await call(app, 'POST', '/ops/balance/adjust', {
          token,
          headers: idem(),
          body: { merchant: 'demoph01', username: p.username, amount: 5, ...(reason === undefined ? {} : { reason }) },
        });
        expect([res.status, res.body.errorCode, (res.body.value as { field: string }).field]).toEqual([400, 'validation.failed', '/reason']);
      }
      // Blank once trimmed: refused by the service, still naming the field.
      const blank = await call(app, 'POST', '/ops/turnover/waive', { token, body: { merchant: 'demoph01', username: p.username, reason: '     ' } });
      expect([blank.status, (blank.body.value as { field: string }).field]).toEqual([400, '/reason']);
      expect(await balanceOf(app, p.memberId)).toBe(1_000);
      const missing = await call(app, 'POST', '/ops/balance/adjust', {
        token,
        headers: idem(),
        body: { merchant: 'demoph01', username: 'nobody-here', amount: 5, reason: 'who is this' },
      });
      expect([missing.status, missing.body.errorCode]).toEqual([404, 'not.found']);
    });

    it("waives a member's open turnover with its audit row", async () => {
      const { app } = server();
      const token = await sharedToken(app);
      const p = await player(app, 5_000);
      await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId: p.memberId, source: 'adjustment', required: 30_000 });
      const res = await call<{ waived: number; outstandingBefore: number }>(app, 'POST', '/ops/turnover/waive', {
        token,
        body: { merchant: 'demoph01', username: p.username, reason: 'VIP request' },
      });
      expect(res.body.value).toMatchObject({ waived: 300, outstandingBefore: 300 });
      expect((await turnoverStatus(app.db.orm, p.memberId)).outstanding).toBe(0);
      const [row] = await app.db.orm.select().from(auditLog).where(eq(auditLog.action, 'turnover.waive')).orderBy(sql`id DESC`).limit(1);
      expect(row).toMatchObject({ targetType: 'member', targetId: String(p.memberId), reason: 'VIP request', merchantCode: 'demoph01' });
      expect(row.before).toMatchObject({ required: 30_000, outstanding: 30_000 });
    });

    it('audits operator management and lists newest first with filters', async () => {
      const { app } = server();
      const token = await sharedToken(app);
      const created = await operator(app);
      await disableOperator(app, CLI, created.username);
      const res = await call<{ action: string; actor: string; after: { disabled: boolean } }[]>(
        app,
        'GET',
        `/ops/audit?targetType=operator&targetId=${created.id}`,
        { token },
      );
      expect(res.body.value!.map((r) => [r.action, r.actor, r.after.disabled])).toEqual([
        ['operator.disable', 'cli:test', true],
        ['operator.add', 'cli:test', false],
      ]);
      expect(JSON.stringify(res.body.value)).not.toMatch(/scrypt|password/i);
      const limited = await call<unknown[]>(app, 'GET', '/ops/audit?limit=1', { token });
      expect(limited.body.value).toHaveLength(1);
      expect((await call(app, 'GET', '/ops/audit?limit=101', { token })).status).toBe(400);
      const future = await call<unknown[]>(app, 'GET', `/ops/audit?since=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`, { token });
      expect(future.body.value).toEqual([]);
    });

    it('finds the ledger clean after all of it', async () => {
      const { app } = server();
      const token = await sharedToken(app);
      const res = await call(app, 'GET', '/ops/ledger/check', { token });
      expect(res.body.value).toEqual({ clean: true, problems: [] });
      await expectLedgerClean(app);
    });

    it('detects a deliberately broken ledger, then finds it clean once the forgery is removed', async () => {
      // On the suite's own database, last: the forged rows are deleted before the test ends.
      const { app } = server();
      const member = (await app.repos.members.byUsername('demoph01', 'demoteam1'))!;
      const wallet = (await app.repos.ledger.walletOf(member.id))!;
      const [txn] = await rows<{ id: number }>(app.db.orm, sql`INSERT INTO ledger_transactions (merchant_code, kind) VALUES ('demoph01', 'FORGED') RETURNING id`);
      try {
        await app.db.orm.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES (${txn.id}, ${wallet.id}, 500, ${wallet.balance + 500})`,
        );
        const token = await sharedToken(app);
        const res = await call<{ clean: boolean; problems: { kind: string; id: number }[] }>(app, 'GET', '/ops/ledger/check', { token });
        expect(res.body.value!.clean).toBe(false);
        expect(res.body.value!.problems).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'unbalanced-transaction', id: Number(txn.id) }),
            expect.objectContaining({ kind: 'balance-mismatch', id: wallet.id }),
          ]),
        );
        const cli = await runOps(app, CLI, ['ledger', 'check']);
        expect(cli.exitCode).toBe(1);
        expect(cli.stdout).toContain(`unbalanced-transaction ${txn.id}: entries sum to 500 over 1 line(s)`);
      } finally {
        await app.db.orm.execute(sql`DELETE FROM ledger_entries WHERE transaction_id = ${txn.id}`);
        await app.db.orm.execute(sql`DELETE FROM ledger_transactions WHERE id = ${txn.id}`);
      }
      await expectLedgerClean(app);
    });
  },
  { limits: { opsLoginFailures: { max: 3, windowMs: 60_000 } } },
);
