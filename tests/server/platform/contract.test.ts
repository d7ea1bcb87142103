/**
 * Every route of schemas/api answers its success path with a body that validates against its
 * response schema (the envelope with the route's value schema): the contract cannot drift.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { addOperator } from '../../../server/ops/operators';
import { pendingIdentityCheck, pendingWithdrawal, SECURITY_WALLET_CONTRACT_CASES } from '../security-wallet-contract-cases';
import { WALLET_CONTRACT_CASES } from '../wallet-deposit-contract-cases';
import { REBATE_TRANSFER_CONTRACT_CASES } from '../rebate-transfer-contract-cases';
import { RECORDS_CONTRACT_CASES } from '../records-contract-cases';
import { MONEY_RECORDS_CONTRACT_CASES } from '../money-records-contract-cases';
import { ENGAGEMENT_CONTRACT_CASES } from '../engagement-contract-cases';
import { REWARD_CONTRACT_CASES } from '../rewards-contract-cases';
import { LIMITS_CONTRACT_CASES } from '../limits-contract-cases';
import { PROTECTION_CONTRACT_CASES } from '../protection-contract-cases';
import { AGENT_CONTRACTS_CONTRACT_CASES } from '../agent-contracts-contract-cases';
import { TEAM_CONTRACT_CASES } from '../team-contract-cases';
import { AGENT_ACCOUNT_CONTRACT_CASES } from '../agent-accounts-contract-cases';
import { AGENT_HOME_CONTRACT_CASES } from '../agent-home-contract-cases';
import { MAINTENANCE_CONTRACT_CASES } from '../maintenance-contract-cases';
import { TENANT_RELEASE_CONTRACT_CASES } from '../tenant-release-contract-cases';
import { MOBILE_BINDING_CONTRACT_CASES } from '../mobile-binding-contract-cases';
import { VENDOR_WALLET_CONTRACT_CASES } from '../vendor-wallet-contract-cases';
import { startFakeVendor, vendorOptions } from '../games/vendor-wallet-helpers';
import { call, callEncrypted, describeBackends, EN, expectLedgerClean, fundedPlayer, lastSmsCode, nextIp, PH, spinKey, tokenFor, uniqueDigits, type Envelope } from '../helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
/**
 * A case: the app, the seeded demoagent's token (a login of its own per case) and the suite's
 * operator session over every merchant (one per app: an operator and a sign-in cost a scrypt
 * run each).
 */
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

async function captcha(app: FastifyInstance) {
  const { id, code } = await app.repos.captchas.create();
  return { captcha: code, captchaId: id };
}

const CASES: Record<string, Case> = {
  'system.bootstrap': (app) => call(app, 'GET', '/wps/system/bootstrap'),
  'system.startup': (app) => call(app, 'GET', '/wps/system/startup'),
  'system.status': (app) => call(app, 'GET', '/wps/system/status'),
  'system.ready': (app) => call(app, 'GET', '/wps/system/ready'),
  'system.registerSettings': (app) => call(app, 'GET', '/wps/system/registerSettings'),
  'system.validationRules': (app) => call(app, 'GET', '/wps/system/validationRules'),
  'system.helpCenter': (app) => call(app, 'GET', '/wps/system/helpCenter?lang=EN&device=MOBILE'),
  'captcha.get': (app) => call(app, 'GET', '/wps/captcha?t=1', { ip: nextIp() }),
  'session.login': (app) => callEncrypted(app, 'POST', '/wps/session/login', { type: 'username', username: 'demoplayer', password: 'Demo1234' }, { ip: nextIp() }),
  'session.freeplay': (app) => call(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} }),
  'session.renew': async (app, token) => call(app, 'POST', '/wps/session/renew', { token: await token() }),
  'session.logout': async (app) => call(app, 'DELETE', '/wps/session', { token: await tokenFor(app, 'demoteam2') }),
  'member.register': async (app) =>
    callEncrypted(
      app,
      'PUT',
      '/wps/member/register',
      { username: `k${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', registerMethod: 'PWA', type: 0, ...(await captcha(app)) },
      { host: EN, ip: nextIp() },
    ),
  'member.info': async (app, token) => call(app, 'GET', '/wps/member/info', { token: await token() }),
  'vip.get': async (app, token) => call(app, 'GET', '/wps/member/vip', { token: await token() }),
  'member.wallet': async (app, token) => call(app, 'GET', '/wps/member/wallet', { token: await token() }),
  'member.unreadCount': async (app, token) => call(app, 'GET', '/wps/member/unreadCount', { token: await token() }),
  'member.messages': async (app, token) => call(app, 'GET', '/wps/member/messages?page=1&pageSize=3', { token: await token() }),
  'member.readMessage': async (app, token) => {
    const page = await call<{ list: { id: number }[] }>(app, 'GET', '/wps/member/messages', { token: await token() });
    return call(app, 'POST', `/wps/member/messages/${page.body.value!.list[0].id}/read`, { token: await token() });
  },
  'security.changePassword': async (app) => {
    const reg = await CASES['member.register'](app, async () => '', async () => '');
    const t = (reg.body.value as { token: string }).token;
    return call(app, 'POST', '/wps/security/v2/changePassword', { host: EN, token: t, body: { oldPassword: 'Secret123', newPassword: 'Secret456', confirmNewPassword: 'Secret456' } });
  },
  'security.setPasswordByPhone': async (app) => {
    await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '9171234603' } });
    const code = await lastSmsCode(app, '9171234603');
    return call(app, 'POST', '/wps/security/setPasswordByPhone', { ip: nextIp(), body: { newPassword: 'Team9876', mobileNum: '9171234603', verificationCode: code } });
  },
  'security.forgotPasswordEmail': (app) => call(app, 'POST', '/wps/security/forgotPassword/email', { ip: nextIp(), body: { username: 'demoplayer', email: 'demoplayer@example.com' } }),
  'verification.smsNoLogin': (app) => call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: `9${uniqueDigits(9)}`, module: 'VERIFICATION3', countryDialingCode: '+63' } }),
  'verification.smsResetPassword': (app) => call(app, 'POST', '/wps/verification/sms/resetPassword', { ip: nextIp(), body: { mobileNo: '9171234601', countryDialingCode: '+63' } }),
  'announcements.list': async (app, token) => call(app, 'GET', '/wps/announcements?types=B,PL,PU,H,A&groupName=m_home&platform=M&lang=TY', { token: await token() }),
  'announcements.read': async (app, token) => {
    const list = await call<{ agentNotices: { id: number }[] }>(app, 'GET', '/wps/announcements?types=A', { token: await token() });
    return call(app, 'POST', `/wps/announcements/${list.body.value!.agentNotices[0].id}/read`, { token: await token() });
  },
  'promotions.list': (app) => call(app, 'GET', '/wps/promotions?lang=TY'),
  'affiliate.check': (app) => call(app, 'GET', '/wps/affiliate/check?code=LUCKY2024', { ip: nextIp() }),
  'dev.outbox': (app) => call(app, 'GET', '/wps/dev/outbox?to=demoplayer@example.com&limit=5'),
  'dev.captcha': async (app) => {
    const { id } = await app.repos.captchas.create({ keepForDev: true });
    return call(app, 'GET', `/wps/dev/captcha?id=${id}`);
  },
  'dev.openapi': (app) => call(app, 'GET', '/wps/openapi.json'),
  'games.list': (app) => call(app, 'GET', '/wps/game/list?gameType=RNG&page=2&pageSize=26&language=EN&platform=html5&merchant=demoph01'),
  'games.types': (app) => call(app, 'GET', '/wps/game/types?typeId=2&merchant_code=demoph01'),
  'games.categories': (app) => call(app, 'GET', '/wps/game/categories?language=EN'),
  'games.hot': (app) => call(app, 'GET', '/wps/game/hot?isPlatform=2&gameType=RNG&language=TY&platform=html5'),
  'games.favouriteAdd': async (app, token) => call(app, 'POST', '/wps/game/favourites', { token: await token(), body: { nodeId: '10001', vendor: 'LUCKYREEL' } }),
  'games.favouriteRemove': async (app, token) => call(app, 'DELETE', '/wps/game/favourites?nodeId=10002&vendor=LUCKYREEL', { token: await token() }),
  'games.favourites': async (app, token) => {
    await call(app, 'POST', '/wps/game/favourites', { token: await token(), body: { nodeId: '10003', vendor: 'LUCKYREEL' } });
    return call(app, 'GET', '/wps/game/favourites?pageNo=1&pageSize=26&gameType=RNG&language=EN', { token: await token() });
  },
  'games.favouriteIds': async (app, token) => call(app, 'GET', '/wps/game/favourites/ids', { token: await token() }),
  'games.recentAdd': async (app, token) => call(app, 'GET', '/wps/game/recent/add?nodeId=10004&vendor=LUCKYREEL', { token: await token() }),
  'games.recent': async (app, token) => {
    await call(app, 'GET', '/wps/game/recent/add?nodeId=10005&vendor=LUCKYREEL', { token: await token() });
    return call(app, 'GET', '/wps/game/recent?page=1&pageSize=25&clientType=2&language=EN', { token: await token() });
  },
  'games.hotMatches': (app) => call(app, 'GET', '/wps/game/hotMatches'),
  'games.lottery': (app) => call(app, 'GET', '/wps/game/lottery?prizeMode=Lott'),
  'games.jackpot': (app) => call(app, 'GET', '/wps/game/jackpot'),
  'games.winners': (app) => call(app, 'GET', '/wps/game/winners?period=week&language=EN'),
  'games.lotteryDraws': (app) => call(app, 'GET', '/wps/game/lottery/draws'),
  'games.launch': async (app, token) => call(app, 'POST', '/wps/game/launch', { token: await token(), body: { vendor: 'TCG_LOTTO_VN' } }),
  'games.icon': (app) => call(app, 'GET', '/wps/game/icon/10001.png?size=240'),
  'games.vendorIcon': (app) => call(app, 'GET', '/wps/game/icon/vendor/DS88.png'),
  'games.vendorPage': (app) => call(app, 'GET', '/wps/game/vendor/play?vendor=LOTT&mode=real&code=lobby&prize_mode=Lott&playType=trad&lang=EN&returnUrl=%2Fm%2Fhome'),
  'inhouse.slotPage': async (app, token) => call(app, 'GET', (await launchInhouse(app, await token())).url),
  'inhouse.slotScript': (app) => call(app, 'GET', '/wps/game/inhouse/slot.js'),
  'inhouse.slotStyle': (app) => call(app, 'GET', '/wps/game/inhouse/slot.css'),
  'inhouse.session': async (app, token) => call(app, 'POST', '/wps/game/inhouse/session', { body: { token: (await launchInhouse(app, await token())).token, lang: 'EN' } }),
  'inhouse.spin': async (app, token) => call(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: await token(), body: { stake: 10 } }),
  'relay.rankList': (app) => call(app, 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20'),
  'relay.rankListPost': (app) => call(app, 'POST', '/wps/relay/GCSGAME_getRankList', { body: { gameCategory: 'RNG', language: 'TY', limitNum: 5 } }),
  'ops.login': async (app) => call(app, 'POST', '/ops/session', { ip: nextIp(), body: { username: await operator(app), password: OPS_PASSWORD } }),
  'ops.logout': async (app) => call(app, 'DELETE', '/ops/session', { token: await signedIn(app) }),
  'ops.ledgerCheck': async (app, _token, ops) => call(app, 'GET', '/ops/ledger/check', { token: await ops() }),
  'ops.balanceAdjust': async (app, _token, ops) =>
    call(app, 'POST', '/ops/balance/adjust', { token: await ops(), headers: spinKey(), body: { merchant: 'demoph01', username: 'demoteam1', amount: '1.50', reason: 'contract case' } }),
  'ops.turnoverWaive': async (app, _token, ops) => call(app, 'POST', '/ops/turnover/waive', { token: await ops(), body: { merchant: 'demoph01', username: 'demoteam1', reason: 'contract case' } }),
  'ops.depositsList': async (app, _token, ops) => {
    await manualDeposit(app);
    return call(app, 'GET', '/ops/deposits?state=pending&merchant=demoph01&limit=5', { token: await ops() });
  },
  'ops.depositApprove': async (app, _token, ops) => call(app, 'POST', `/ops/deposits/${await manualDeposit(app)}/approve`, { token: await ops() }),
  'ops.depositReject': async (app, _token, ops) => call(app, 'POST', `/ops/deposits/${await manualDeposit(app)}/reject`, { token: await ops(), body: { reason: 'no transfer arrived' } }),
  'ops.depositReceipt': async (app, _token, ops) => call(app, 'GET', `/ops/deposits/${await manualDeposit(app, true)}/receipt`, { token: await ops() }),
  'ops.identityList': async (app, _token, ops) => {
    await pendingIdentityCheck(app);
    return call(app, 'GET', '/ops/identity?state=pending&limit=5', { token: await ops() });
  },
  'ops.identityApprove': async (app, _token, ops) => call(app, 'POST', `/ops/identity/${(await pendingIdentityCheck(app)).checkId}/approve`, { token: await ops() }),
  'ops.identityReject': async (app, _token, ops) => call(app, 'POST', `/ops/identity/${(await pendingIdentityCheck(app)).checkId}/reject`, { token: await ops(), body: { reason: 'the photo is blurred' } }),
  'ops.identityImage': async (app, _token, ops) => call(app, 'GET', `/ops/identity/${(await pendingIdentityCheck(app)).checkId}/images/selfie`, { token: await ops() }),
  'ops.withdrawalsList': async (app, _token, ops) => {
    await pendingWithdrawal(app);
    return call(app, 'GET', '/ops/withdrawals?state=pending&limit=5', { token: await ops() });
  },
  'ops.withdrawalPay': async (app, _token, ops) => call(app, 'POST', `/ops/withdrawals/${(await pendingWithdrawal(app)).withdrawalId}/pay`, { token: await ops() }),
  'ops.withdrawalReject': async (app, _token, ops) => call(app, 'POST', `/ops/withdrawals/${(await pendingWithdrawal(app)).withdrawalId}/reject`, { token: await ops(), body: { reason: 'account closed' } }),
  'ops.audit': async (app, _token, ops) => call(app, 'GET', '/ops/audit?limit=5', { token: await ops() }),
  'ops.cli': (app) => call(app, 'POST', '/ops/cli', { headers: { 'x-ops-cli-key': app.opsCliKey }, body: { argv: ['ledger', 'check'], user: 'contract' } }),
  ...WALLET_CONTRACT_CASES,
  ...SECURITY_WALLET_CONTRACT_CASES,
  ...REBATE_TRANSFER_CONTRACT_CASES,
  ...RECORDS_CONTRACT_CASES,
  ...MONEY_RECORDS_CONTRACT_CASES,
  ...ENGAGEMENT_CONTRACT_CASES,
  ...REWARD_CONTRACT_CASES,
  ...LIMITS_CONTRACT_CASES,
  ...PROTECTION_CONTRACT_CASES,
  ...AGENT_CONTRACTS_CONTRACT_CASES,
  ...TEAM_CONTRACT_CASES,
  ...AGENT_ACCOUNT_CONTRACT_CASES,
  ...AGENT_HOME_CONTRACT_CASES,
  ...MAINTENANCE_CONTRACT_CASES,
  ...TENANT_RELEASE_CONTRACT_CASES,
  ...MOBILE_BINDING_CONTRACT_CASES,
  ...VENDOR_WALLET_CONTRACT_CASES,
};

const OPS_PASSWORD = 'contract password';
const operators = new WeakMap<FastifyInstance, Promise<string>>();
let operatorCount = 0;

/** The suite's operator over every merchant (made once per app); answers its username. */
function operator(app: FastifyInstance): Promise<string> {
  let username = operators.get(app);
  if (!username) {
    const name = `contract${process.pid}x${++operatorCount}`;
    username = addOperator(app, { operatorId: null, actor: 'cli:contract', merchantCodes: null }, { username: name, password: OPS_PASSWORD, merchantCodes: null, totp: false }).then(() => name);
    operators.set(app, username);
  }
  return username;
}

/** A new session of the suite's operator: its token. */
async function signedIn(app: FastifyInstance): Promise<string> {
  const { body } = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username: await operator(app), password: OPS_PASSWORD } });
  return body.value!.token;
}

const opsSessions = new WeakMap<FastifyInstance, Promise<string>>();

/** The operator session the cases share (one per app); ops.logout ends a session of its own. */
function opsToken(app: FastifyInstance): Promise<string> {
  let token = opsSessions.get(app);
  if (!token) {
    token = signedIn(app);
    opsSessions.set(app, token);
  }
  return token;
}

/** A new member's pending manual deposit of 500.00 (with a receipt when asked); answers its id. */
async function manualDeposit(app: FastifyInstance, receipt = false): Promise<number> {
  const { token } = await fundedPlayer(app, 0);
  const created = await call<{ id: number }>(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } });
  const id = created.body.value!.id;
  if (receipt) {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
    await app.inject({ method: 'PUT', url: `/wps/wallet/deposits/${id}/receipt`, headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: png });
  }
  return id;
}

/** Launches the in-house slot for a member: its page URL and the launch token in it. */
async function launchInhouse(app: FastifyInstance, token: string): Promise<{ url: string; token: string }> {
  const { body } = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE' } });
  const url = body.value!.url;
  return { url, token: new URL(url, 'http://x').searchParams.get('token')! };
}

// The outside game vendor the vendors' wallet cases launch (its health probe), on its own port.
const vendor = await startFakeVendor();
afterAll(() => vendor.close());

describeBackends('API contract', ({ server }) => {
  it('has a success case for every route of schemas/api', () => {
    const app = server().app;
    const routes = [...app.schemas.files.entries()].flatMap(([file, f]) => Object.keys(f['x-routes'] ?? {}).map((name) => `${file}.${name}`));
    expect(routes.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s answers a body valid against its response schema', async (key) => {
    const app = server().app;
    let agentToken: string | undefined;
    const token = async () => (agentToken ??= await tokenFor(app, 'demoagent'));
    const { status, body, res } = await CASES[key](app, token, () => opsToken(app));
    expect(status, JSON.stringify(body)).toBe(200);
    const [file, name] = key.split('.');
    const produces = app.schemas.spec(file, name).produces;
    if (produces) {
      // A page, script or image: its content type, not an envelope.
      expect(String(res!.headers['content-type'])).toMatch(new RegExp(`^${produces}`));
      expect(res!.rawPayload.length).toBeGreaterThan(0);
      return;
    }
    const schema = (app.schemas.route(file, name).response as Record<number, object>)[200];
    const validate = app.schemas.bodyAjv.compile(schema);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    await expectLedgerClean(app);
  });
}, vendorOptions(vendor.url));
