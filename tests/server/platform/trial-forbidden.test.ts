/**
 * Free-trial accounts (member type 4) play with trial money only: every real-account function
 * (money, records, security, feedback, referral, rewards) refuses them with 403 trial.forbidden,
 * whose message is the spec's 'Please login an actual account to use this function' (EN) and its
 * Filipino text (TY). The contract marks those routes `realMember` and lists the error; a real
 * member of the same host is served, and the trial keeps its wallet and games.
 */
import { expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ty from '../../../locales/ty.json';
import { readSchemaFiles } from '../../../server/schemas';
import { call, describeBackends, fundedPlayer, nextIp, spinKey } from '../helpers';

const SPEC_TEXT = 'Please login an actual account to use this function';

/** A sample of the real-account endpoints, reads and writes, of each area. */
const SAMPLE: { method: 'GET' | 'POST' | 'DELETE'; url: string; body?: unknown; idempotent?: boolean }[] = [
  { method: 'GET', url: '/wps/wallet/deposit/channels' },
  { method: 'POST', url: '/wps/wallet/deposits', body: { channelId: 'gcash', amount: 100 }, idempotent: true },
  { method: 'GET', url: '/wps/wallet/withdrawals/eligibility' },
  { method: 'POST', url: '/wps/wallet/withdrawals', body: { amount: 100, payoutAccountId: 1, paymentPassword: '123456' }, idempotent: true },
  { method: 'GET', url: '/wps/records/transactions' },
  { method: 'GET', url: '/wps/records/bets' },
  { method: 'GET', url: '/wps/records/pnl' },
  { method: 'GET', url: '/wps/records/deposits' },
  { method: 'GET', url: '/wps/records/withdrawals' },
  { method: 'GET', url: '/wps/security/payoutAccounts' },
  { method: 'GET', url: '/wps/security/identity' },
  { method: 'GET', url: '/wps/feedback' },
  { method: 'POST', url: '/wps/feedback', body: { type: 'OTHER', content: 'one two three four five six' } },
  { method: 'GET', url: '/wps/member/referral' },
  { method: 'GET', url: '/wps/rewards' },
  { method: 'POST', url: '/wps/rewards/1/claim', idempotent: true },
  { method: 'GET', url: '/wps/rebates/accrued' },
  { method: 'GET', url: '/wps/transfers/upline' },
];

it('trial.forbidden says the spec text in EN and its Filipino text in TY', () => {
  expect(en.login_actual_account).toBe(SPEC_TEXT);
  expect(ty.login_actual_account).toBe('Mag-log in gamit ang totoong account para magamit ang function na ito');
});

it('the contract lists trial.forbidden on every realMember route, each behind a session', () => {
  const marked: string[] = [];
  for (const file of readSchemaFiles()) {
    for (const [name, route] of Object.entries(file['x-routes'] ?? {})) {
      if (!route.realMember) continue;
      marked.push(`${route.method} ${route.url}`);
      expect(route.auth, `${file.$id} ${name}`).toBe('required');
      expect(route.errors, `${file.$id} ${name}`).toContain('trial.forbidden');
    }
  }
  for (const { method, url } of SAMPLE) {
    const pattern = url.replace(/\/\d+(?=\/|$)/, '/:id');
    expect(marked, `${method} ${url}`).toContain(`${method} ${pattern}`);
  }
});

describeBackends('free-trial members and the real-account functions', ({ server }) => {
  it('a trial member gets 403 trial.forbidden with login_actual_account from each sampled endpoint', async () => {
    const { app } = server();
    const trial = await call<{ token: string; customerType: number }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    expect(trial.body.value!.customerType).toBe(4);
    const token = trial.body.value!.token;
    for (const { method, url, body, idempotent } of SAMPLE) {
      const res = await call(app, method, url, { token, ip: nextIp(), body, headers: idempotent ? spinKey() : {} });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body, `${method} ${url}`).toEqual({ success: false, errorCode: 'trial.forbidden', message: 'login_actual_account' });
    }
    // The trial still plays: its wallet answers.
    expect((await call(app, 'GET', '/wps/member/wallet', { token })).status).toBe(200);
  });

  it('a real member of the same host is served by the same reads', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 1_000);
    for (const url of ['/wps/records/transactions', '/wps/records/bets', '/wps/security/payoutAccounts', '/wps/feedback', '/wps/wallet/withdrawals/eligibility']) {
      const res = await call(app, 'GET', url, { token, ip: nextIp() });
      expect(res.body.errorCode, url).not.toBe('trial.forbidden');
    }
  });

  it('a trial token replayed after the refusal is refused again, and writes nothing', async () => {
    const { app } = server();
    const trial = await call<{ token: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const token = trial.body.value!.token;
    const key = spinKey();
    const first = await call(app, 'POST', '/wps/wallet/deposits', { token, headers: key, body: { channelId: 'gcash', amount: 100 } });
    const again = await call(app, 'POST', '/wps/wallet/deposits', { token, headers: key, body: { channelId: 'gcash', amount: 100 } });
    expect([first.body.errorCode, again.body.errorCode]).toEqual(['trial.forbidden', 'trial.forbidden']);
    const list = await call<{ list: unknown[] }>(app, 'GET', '/wps/wallet/deposits', { token });
    expect(list.body.errorCode).toBe('trial.forbidden');
  });
});
