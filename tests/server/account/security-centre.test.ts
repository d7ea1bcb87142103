/**
 * The security centre as an attacker tries it: payment passwords (set once, change, reset by SMS,
 * the wrong-guess lock), head icons and identity images (size, type, lying content type, another
 * member's), identity checks (age, one open check, operator decisions through the CLI verbs),
 * payout accounts (verified name, provider pattern, limit, another member's id, soft delete).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, identityChecks, members, payoutAccounts } from '../../../server/db/schema';
import type { OpsActor, OpsVerb } from '../../../server/ops/types';
import { verbs as identityVerbs } from '../../../server/modules/account/ops/identity';
import { approveIdentity, identityImage, listIdentityChecks } from '../../../server/modules/account/services/identity';
import { call, describeBackends, EN, fundedPlayer, lastSmsCode, nextIp, uniqueDigits } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const png = (size = 200) => Buffer.concat([PNG, randomBytes(size)]);
const jpeg = (size = 200) => Buffer.concat([JPEG, randomBytes(size)]);

const DETAILS = {
  realName: 'Juan Dela Cruz',
  birthday: '1990-05-17',
  nationality: 'Filipino',
  address: '12 Rizal St, Manila',
  occupation: 'Engineer',
  sourceOfIncome: 'Salary',
  placeOfBirth: 'Cebu',
  idNumber: 'N01-23-456789',
};

async function runVerb(app: FastifyInstance, list: OpsVerb[], words: string[], positionals: string[], options: Record<string, string> = {}) {
  const verb = list.find((v) => v.words.join(' ') === words.join(' '))!;
  const lines: string[] = [];
  const code = await verb.run({ app, actor: CLI, out: (l) => lines.push(l), json: false }, { positionals, options });
  return { code, lines };
}

function upload(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string, body: Buffer, type: string) {
  return call(app, method, url, { token, ip: nextIp(), body, headers: { 'content-type': type } });
}

/** Submits details and the three images; answers the check id. */
async function submitFull(app: FastifyInstance, token: string, details: Partial<typeof DETAILS> = {}): Promise<number> {
  const res = await call<{ id: number }>(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: { ...DETAILS, ...details } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  for (const side of ['front', 'back', 'selfie']) {
    const put = await upload(app, 'PUT', `/wps/security/identity/images/${side}`, token, side === 'back' ? jpeg() : png(), side === 'back' ? 'image/jpeg' : 'image/png');
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  return res.body.value!.id;
}

/** The back and selfie of the pending check (the front is in); answers its id. */
async function submitFullRest(app: FastifyInstance, token: string): Promise<number> {
  for (const side of ['back', 'selfie']) await upload(app, 'PUT', `/wps/security/identity/images/${side}`, token, png(), 'image/png');
  const status = await call<{ id: number }>(app, 'GET', '/wps/security/identity', { token });
  return status.body.value!.id;
}

describeBackends('security centre', ({ server }) => {
  it('payment password: set once, change with the old one, refuse bad input', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const ip = nextIp();
    const bad = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip, body: { paymentPassword: '12ab56', confirmPaymentPassword: '12ab56' } });
    expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/paymentPassword' } });
    const mismatch = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip, body: { paymentPassword: '123456', confirmPaymentPassword: '123457' } });
    expect(mismatch.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/confirmPaymentPassword' } });
    const set = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip, body: { paymentPassword: '123456', confirmPaymentPassword: '123456' } });
    expect(set.body).toEqual({ success: true, value: true });
    const [row] = await app.db.orm.select().from(members).where(eq(members.id, memberId));
    expect(row.paymentPasswordHash).toMatch(/^\$argon2id\$/);

    const again = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip, body: { paymentPassword: '654321', confirmPaymentPassword: '654321' } });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('payment.password.exists');

    const wrongOld = await call(app, 'POST', '/wps/security/paymentPassword/change', { token, ip, body: { oldPaymentPassword: '000000', newPaymentPassword: '654321', confirmPaymentPassword: '654321' } });
    expect(wrongOld.body).toMatchObject({ errorCode: 'payment.password.incorrect', value: { field: '/oldPaymentPassword', attemptsLeft: 4 } });
    const [unchanged] = await app.db.orm.select().from(members).where(eq(members.id, memberId));
    expect(unchanged.paymentPasswordHash).toBe(row.paymentPasswordHash);

    const changed = await call(app, 'POST', '/wps/security/paymentPassword/change', { token, ip, body: { oldPaymentPassword: '123456', newPaymentPassword: '654321', confirmPaymentPassword: '654321' } });
    expect(changed.body).toEqual({ success: true, value: true });
  });

  it('payment password: racing first sets keep exactly one', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const results = await Promise.all(
      ['111111', '222222', '333333', '444444', '555555', '666666'].map((p) =>
        call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: p, confirmPaymentPassword: p } }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'payment.password.exists')).toHaveLength(5);
    const [row] = await app.db.orm.select().from(members).where(eq(members.id, memberId));
    expect(row.paymentPasswordHash).not.toBeNull();
  });

  it('payment password: five wrong answers lock it with a retry time, even for the right one; an SMS reset clears it', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const mobile = `917${uniqueDigits(7)}`;
    await app.db.orm.update(members).set({ mobileNum: mobile }).where(eq(members.id, memberId));
    await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: '123456', confirmPaymentPassword: '123456' } });
    const change = (old: string) =>
      call(app, 'POST', '/wps/security/paymentPassword/change', { token, ip: nextIp(), body: { oldPaymentPassword: old, newPaymentPassword: '777777', confirmPaymentPassword: '777777' } });
    for (let i = 0; i < 4; i++) expect((await change('000000')).body.errorCode).toBe('payment.password.incorrect');
    const fifth = await change('000000');
    expect(fifth.status).toBe(429);
    expect(fifth.body.errorCode).toBe('payment.password.locked');
    const right = await change('123456');
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ errorCode: 'payment.password.locked', message: 'err_payment_password_locked' });
    const retryAfter = (right.body.value as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Reset by SMS to the member's own number: a wrong code is refused, the right one sets it.
    const sent = await call(app, 'POST', '/wps/security/paymentPassword/code', { token, ip: nextIp() });
    expect(sent.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(app, mobile);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const refused = await call(app, 'POST', '/wps/security/paymentPassword/reset', { token, ip: nextIp(), body: { verificationCode: wrongCode, newPaymentPassword: '246802', confirmPaymentPassword: '246802' } });
    expect(refused.body.errorCode).toBe('sms.code.invalid');
    // A payment-password code is not a login-password code.
    const loginReset = await call(app, 'POST', '/wps/security/setPasswordByPhone', { ip: nextIp(), body: { mobileNum: mobile, verificationCode: code, newPassword: 'abc12345' } });
    expect(loginReset.body.errorCode).toBe('sms.code.invalid');
    const reset = await call(app, 'POST', '/wps/security/paymentPassword/reset', { token, ip: nextIp(), body: { verificationCode: code, newPaymentPassword: '246802', confirmPaymentPassword: '246802' } });
    expect(reset.body).toEqual({ success: true, value: true });
    const reused = await call(app, 'POST', '/wps/security/paymentPassword/reset', { token, ip: nextIp(), body: { verificationCode: code, newPaymentPassword: '135791', confirmPaymentPassword: '135791' } });
    expect(reused.body.errorCode).toBe('sms.code.invalid');
    // The lock is gone and the new password is the one that works.
    const after = await call(app, 'POST', '/wps/security/paymentPassword/change', { token, ip: nextIp(), body: { oldPaymentPassword: '246802', newPaymentPassword: '777777', confirmPaymentPassword: '777777' } });
    expect(after.body).toEqual({ success: true, value: true });
  });

  it('payment password reset: a member without a mobile number gets no code', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const sent = await call(app, 'POST', '/wps/security/paymentPassword/code', { token, ip: nextIp() });
    expect(sent.body.errorCode).toBe('mobile.missing');
  });

  it('head icon: stored and served to its member only, revalidated by ETag; bad uploads refused', async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 0);
    const b = await fundedPlayer(app, 0);
    const image = png(1000);
    const up = await upload(app, 'POST', '/wps/member/headIcon', a.token, image, 'image/png');
    expect(up.body).toEqual({ success: true, value: true });
    const got = await call(app, 'GET', '/wps/member/headIcon', { token: a.token });
    expect(got.status).toBe(200);
    expect(got.res.headers['content-type']).toBe('image/png');
    expect(got.res.headers['cache-control']).toBe('private, no-cache');
    expect(Buffer.compare(got.res.rawPayload, image)).toBe(0);
    const etag = String(got.res.headers.etag);
    const again = await call(app, 'GET', '/wps/member/headIcon', { token: a.token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // b has none of its own; there is no way to name a's.
    expect((await call(app, 'GET', '/wps/member/headIcon', { token: b.token })).status).toBe(404);
    expect((await call(app, 'GET', '/wps/member/headIcon')).status).toBe(401);
    expect((await call(app, 'GET', '/wps/member/headIcon', { token: a.token, host: EN })).status).toBe(401);

    // Over 5 MB, another type, a lying type, JSON, no session: refused, the stored icon unchanged.
    const big = await upload(app, 'POST', '/wps/member/headIcon', a.token, png(5 * 1024 * 1024), 'image/png');
    expect(big.status).toBe(413);
    expect(big.body.errorCode).toBe('body.too.large');
    const gif = await upload(app, 'POST', '/wps/member/headIcon', a.token, Buffer.from('GIF89a0000000000'), 'image/gif');
    expect(gif.status).toBe(415);
    const lying = await upload(app, 'POST', '/wps/member/headIcon', a.token, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(lying.body).toMatchObject({ errorCode: 'image.invalid' });
    const swapped = await upload(app, 'POST', '/wps/member/headIcon', a.token, jpeg(), 'image/png');
    expect(swapped.body.errorCode).toBe('image.invalid');
    const json = await call(app, 'POST', '/wps/member/headIcon', { token: a.token, body: { image: 'x' } });
    expect(json.status).toBe(415);
    const anon = await upload(app, 'POST', '/wps/member/headIcon', '', png(), 'image/png');
    expect(anon.status).toBe(401);
    const still = await call(app, 'GET', '/wps/member/headIcon', { token: a.token });
    expect(Buffer.compare(still.res.rawPayload, image)).toBe(0);
    // Other routes keep the small JSON body limit.
    const bigJson = await call(app, 'POST', '/wps/security/paymentPassword', { token: a.token, body: { paymentPassword: 'x'.repeat(100_000), confirmPaymentPassword: '1' } });
    expect(bigJson.status).toBe(413);
  });

  it('identity: none, pending with images, one open check, under-age refused, rejected with reason, approved sets the real name', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const none = await call(app, 'GET', '/wps/security/identity', { token });
    expect(none.body.value).toEqual({ state: 'none', images: { front: false, back: false, selfie: false } });

    // demo-ph's ageLimit is 21: someone turning 21 tomorrow is refused.
    const now = new Date(Date.now() + 8 * 3600_000);
    const young = `${now.getUTCFullYear() - 21}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear() - 21, now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
    const under = await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: { ...DETAILS, birthday: tomorrow } });
    expect(under.status).toBe(400);
    expect(under.body).toMatchObject({ errorCode: 'identity.age.under', value: { ageLimit: 21 } });
    const badDate = await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: { ...DETAILS, birthday: '1990-02-30' } });
    expect(badDate.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/birthday' } });
    expect(await app.db.orm.select().from(identityChecks).where(eq(identityChecks.memberId, memberId))).toHaveLength(0);

    // Images before any check: nothing to attach to.
    const early = await upload(app, 'PUT', '/wps/security/identity/images/front', token, png(), 'image/png');
    expect(early.body.errorCode).toBe('identity.not.pending');

    const first = await call<{ id: number; state: string; idNumber: string }>(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: { ...DETAILS, birthday: young } });
    expect(first.body.value).toMatchObject({ state: 'pending', idNumber: '****6789', images: { front: false, back: false, selfie: false } });
    const second = await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS });
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('identity.open');

    const front = await upload(app, 'PUT', '/wps/security/identity/images/front', token, png(), 'image/png');
    expect(front.body.value).toMatchObject({ images: { front: true, back: false, selfie: false } });
    const bad = await upload(app, 'PUT', '/wps/security/identity/images/back', token, png(), 'image/jpeg');
    expect(bad.body.errorCode).toBe('image.invalid');
    const big = await upload(app, 'PUT', '/wps/security/identity/images/back', token, jpeg(5 * 1024 * 1024), 'image/jpeg');
    expect(big.status).toBe(413);
    const side = await upload(app, 'PUT', '/wps/security/identity/images/passport', token, png(), 'image/png');
    expect(side.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/side' } });

    // Approving without all images is refused; rejecting works and the member reads the reason.
    const id = first.body.value!.id;
    const early2 = await runVerb(app, identityVerbs, ['identity', 'approve'], [String(id)]);
    expect(early2.code).toBe(1);
    expect(early2.lines[0]).toMatch(/identity\.images\.missing/);
    const listed = await runVerb(app, identityVerbs, ['identity', 'list'], [], { state: 'pending' });
    expect(listed.lines.some((l) => l.startsWith(`${id}\t`))).toBe(true);
    const elsewhere = await listIdentityChecks(app, { ...CLI, merchantCodes: ['demoen01'] }, 'pending');
    expect(elsewhere.some((c) => c.id === id)).toBe(false);
    const rejected = await runVerb(app, identityVerbs, ['identity', 'reject'], [String(id)], { reason: 'Photo is blurred' });
    expect(rejected.code).toBe(0);
    const again = await runVerb(app, identityVerbs, ['identity', 'reject'], [String(id)], { reason: 'twice' });
    expect(again.code).toBe(1);
    const status = await call(app, 'GET', '/wps/security/identity', { token });
    expect(status.body.value).toMatchObject({ state: 'rejected', reason: 'Photo is blurred', images: { front: true } });
    expect(JSON.stringify(status.body)).not.toMatch(/data|base64/i);

    // A new check after the rejection, approved through the verb: the verified name is set, audited.
    const next = await submitFull(app, token, { realName: '  Maria   Santos ' });
    const approved = await runVerb(app, identityVerbs, ['identity', 'approve'], [String(next)]);
    expect(approved).toEqual({ code: 0, lines: [`identity check ${next} approved`] });
    const [member] = await app.db.orm.select().from(members).where(eq(members.id, memberId));
    expect(member.payeeName).toBe('Maria Santos');
    const audit = await app.db.orm.select().from(auditLog).where(eq(auditLog.targetId, String(next)));
    expect(audit.find((a) => a.action === 'identity.approve')).toMatchObject({ actor: 'cli:test', targetType: 'identity_check' });
    expect((await call(app, 'GET', '/wps/security/identity', { token })).body.value).toMatchObject({ state: 'approved', realName: 'Maria Santos' });
    const afterApproval = await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS });
    expect(afterApproval.body.errorCode).toBe('identity.open');
    const reviewed = await identityImage(app, CLI, next, 'front');
    expect(reviewed?.contentType).toBe('image/png');
    await expect(identityImage(app, { ...CLI, merchantCodes: ['demoen01'] }, next, 'front')).rejects.toThrow(/may not act/);
    const wrongMerchant = await approveIdentity(app, { ...CLI, merchantCodes: ['demoen01'] }, next).catch((e: Error) => e);
    expect(wrongMerchant).toBeInstanceOf(Error);
  });

  it('identity: racing submissions open one check', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS })));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'identity.open')).toHaveLength(7);
    expect(await app.db.orm.select().from(identityChecks).where(eq(identityChecks.memberId, memberId))).toHaveLength(1);
  });

  it('answers match their response schemas', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await app.db.orm.update(members).set({ mobileNum: `917${uniqueDigits(7)}` }).where(eq(members.id, memberId));
    const valid = (name: string, body: unknown) => {
      const validate = app.schemas.bodyAjv.compile((app.schemas.route('security-centre', name).response as Record<number, object>)[200]);
      expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    valid('identity', (await call(app, 'GET', '/wps/security/identity', { token })).body);
    valid('submitIdentity', (await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS })).body);
    valid('identityImage', (await upload(app, 'PUT', '/wps/security/identity/images/front', token, png(), 'image/png')).body);
    const id = await submitFullRest(app, token);
    await approveIdentity(app, CLI, id);
    valid('identity', (await call(app, 'GET', '/wps/security/identity', { token })).body);
    valid('addPayoutAccount', (await call(app, 'POST', '/wps/security/payoutAccounts', { token, ip: nextIp(), body: { kind: 'bank', providerCode: 'BPI', accountNo: '1234567890', holderName: DETAILS.realName } })).body);
    valid('payoutAccounts', (await call(app, 'GET', '/wps/security/payoutAccounts', { token })).body);
    valid('setPaymentPassword', (await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: '123456', confirmPaymentPassword: '123456' } })).body);
    valid('sendPaymentPasswordCode', (await call(app, 'POST', '/wps/security/paymentPassword/code', { token, ip: nextIp() })).body);
    valid('uploadHeadIcon', (await upload(app, 'POST', '/wps/member/headIcon', token, png(), 'image/png')).body);
  });

  it('free-trial accounts have no identity check or payout account', async () => {
    const { app } = server();
    const trial = await fundedPlayer(app, 0, 4);
    const identity = await call(app, 'POST', '/wps/security/identity', { token: trial.token, ip: nextIp(), body: DETAILS });
    expect(identity.body.errorCode).toBe('trial.forbidden');
    const account = await call(app, 'POST', '/wps/security/payoutAccounts', { token: trial.token, ip: nextIp(), body: { kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: 'X Y' } });
    expect(account.body.errorCode).toBe('trial.forbidden');
  });

  it('payout accounts: verified name only, provider pattern, at most 5, masked, another member cannot delete, deletion needs the payment password', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    const add = (body: Record<string, string>, t = token) => call<{ id: number; accountNo: string }>(app, 'POST', '/wps/security/payoutAccounts', { token: t, ip: nextIp(), body });
    const gcash = { kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: 'Juan Dela Cruz' };

    const unverified = await add(gcash);
    expect(unverified.status).toBe(403);
    expect(unverified.body.errorCode).toBe('identity.unverified');
    const checkId = await submitFull(app, token);
    await approveIdentity(app, CLI, checkId);

    expect((await add({ ...gcash, holderName: 'Pedro Penduko' })).body).toMatchObject({ errorCode: 'payout.name.mismatch', value: { field: '/holderName' } });
    expect((await add({ ...gcash, accountNo: '12345' })).body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/accountNo' } });
    expect((await add({ ...gcash, kind: 'bank' })).body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/providerCode' } });
    expect((await add({ ...gcash, providerCode: 'NOPE' })).body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/providerCode' } });

    const first = await add({ ...gcash, holderName: 'juan  dela cruz', accountNo: '0917-123-4567' });
    expect(first.body.value).toMatchObject({ kind: 'ewallet', providerCode: 'GCASH', providerName: 'GCash', accountNo: '****4567', holderName: 'Juan Dela Cruz' });
    expect((await add(gcash)).body.errorCode).toBe('payout.account.exists');
    for (const no of ['1234567890', '2234567890', '3234567890', '4234567890']) {
      expect((await add({ kind: 'bank', providerCode: 'BPI', accountNo: no, holderName: 'Juan Dela Cruz' })).body.success).toBe(true);
    }
    const sixth = await add({ kind: 'bank', providerCode: 'BDO', accountNo: '123456789012', holderName: 'Juan Dela Cruz' });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ errorCode: 'payout.account.limit', value: { max: 5 } });

    const list = await call<{ accounts: { id: number; accountNo: string }[]; maxAccounts: number }>(app, 'GET', '/wps/security/payoutAccounts', { token });
    expect(list.body.value!.accounts).toHaveLength(5);
    expect(list.body.value!.accounts.every((a) => /^\*{4}\d{4}$/.test(a.accountNo))).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('1234567890');

    const id = first.body.value!.id;
    const del = (body: Record<string, string>, t = token) => call(app, 'DELETE', `/wps/security/payoutAccounts/${id}`, { token: t, ip: nextIp(), body });
    expect((await del({ paymentPassword: '123456' })).body.errorCode).toBe('payment.password.unset');
    await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: '123456', confirmPaymentPassword: '123456' } });
    await call(app, 'POST', '/wps/security/paymentPassword', { token: other.token, ip: nextIp(), body: { paymentPassword: '123456', confirmPaymentPassword: '123456' } });
    expect((await del({ paymentPassword: '123456' }, other.token)).status).toBe(404);
    expect((await del({ paymentPassword: '999999' })).body.errorCode).toBe('payment.password.incorrect');
    const [kept] = await app.db.orm.select().from(payoutAccounts).where(eq(payoutAccounts.id, id));
    expect(kept.deletedAt).toBeNull();
    expect((await del({ paymentPassword: '123456' })).body).toEqual({ success: true, value: true });
    const [gone] = await app.db.orm.select().from(payoutAccounts).where(eq(payoutAccounts.id, id));
    expect(gone.deletedAt).not.toBeNull();
    expect(gone.memberId).toBe(memberId);
    expect((await del({ paymentPassword: '123456' })).status).toBe(404);
    // One slot is free again.
    expect((await add({ kind: 'bank', providerCode: 'BDO', accountNo: '123456789012', holderName: 'Juan Dela Cruz' })).body.success).toBe(true);
  });
});
