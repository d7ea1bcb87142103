/**
 * Members the money benchmark needs, made on the benchmark's own server: each request of the run
 * must be one the server accepts, so the figures are of money moving, not of refusals. A member
 * may have 5 pending deposits and one pending withdrawal, so a run gets as many members as it
 * sends requests (deposits: one per 5 requests).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { approveIdentity } from '../server/modules/account';

const HOST = 'demo-ph.localhost';
const MERCHANT = 'demoph01';
const NAME = 'Ana Reyes';
export const BENCH_PAYMENT_PASSWORD = '246810';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

export interface BenchMember {
  token: string;
  memberId: number;
  payoutAccountId?: number;
}

let ip = 0;
/** Set-up calls come from many addresses, as many players would: the per-IP limits stay on. */
const nextIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

async function inject(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string, body: unknown, contentType?: string): Promise<{ id?: number }> {
  const res = await app.inject({
    method,
    url,
    headers: { host: HOST, authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    remoteAddress: nextIp(),
    payload: body as string,
  });
  const envelope = res.json() as { success: boolean; value?: { id?: number }; errorCode?: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.errorCode ?? res.statusCode}`);
  return envelope.value ?? {};
}

/** `count` new members of demo-ph with `balance` minor units and a live session each. */
export async function benchMembers(app: FastifyInstance, count: number, balance: number): Promise<BenchMember[]> {
  const members: BenchMember[] = [];
  for (let i = 0; i < count; i++) {
    members.push(
      await app.db.orm.transaction(async (tx) => {
        const member = await app.repos.members.create(tx, { merchantCode: MERCHANT, username: `b${randomBytes(5).toString('hex')}`, type: 0, registerMethod: 'H5', lastLoginAt: new Date() });
        const wallet = await app.repos.ledger.openWallet(tx, MERCHANT, member.id, 'PHP');
        const house = await app.repos.ledger.houseAccount(tx, MERCHANT, 'PHP', member.id);
        if (balance > 0) {
          await app.repos.ledger.post(tx, {
            merchantCode: MERCHANT,
            kind: 'DEPOSIT',
            lines: [
              { accountId: wallet, amount: balance },
              { accountId: house, amount: -balance },
            ],
          });
        }
        const { token } = await app.repos.sessions.create(tx, { memberId: member.id, merchantCode: MERCHANT, ip: '127.0.0.1', firstLogin: false });
        return { token, memberId: member.id };
      }),
    );
  }
  return members;
}

/**
 * Makes a member able to withdraw through the platform's own API: identity details and images,
 * approved as an operator would, a payout account in the verified name and a payment password.
 */
export async function readyToWithdraw(app: FastifyInstance, member: BenchMember): Promise<BenchMember> {
  const check = await inject(app, 'POST', '/wps/security/identity', member.token, {
    realName: NAME,
    birthday: '1988-01-02',
    nationality: 'Filipino',
    address: 'Makati',
    occupation: 'Nurse',
    sourceOfIncome: 'Salary',
    placeOfBirth: 'Davao',
    idNumber: `ID${randomBytes(4).toString('hex')}`,
  });
  for (const side of ['front', 'back', 'selfie']) await inject(app, 'PUT', `/wps/security/identity/images/${side}`, member.token, PNG, 'image/png');
  await approveIdentity(app, { operatorId: null, actor: 'cli:bench', merchantCodes: null }, check.id!);
  const account = await inject(app, 'POST', '/wps/security/payoutAccounts', member.token, { kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: NAME });
  await inject(app, 'POST', '/wps/security/paymentPassword', member.token, { paymentPassword: BENCH_PAYMENT_PASSWORD, confirmPaymentPassword: BENCH_PAYMENT_PASSWORD });
  return { ...member, payoutAccountId: account.id };
}
