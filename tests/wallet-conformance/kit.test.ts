/**
 * The wallet conformance kit proven on a model wallet (model-wallet.ts): every case passes against
 * a wallet keeping every rule, and turning a rule off makes that rule's case(s) fail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CASES, type CaseResult, type KitOptions, prepareExpiredSession, runCases } from '../../reference/wallet-conformance/cases';
import { type ModelWallet, type Rule, RULES, startModelWallet } from './model-wallet';

const wallets: ModelWallet[] = [];
afterEach(async () => {
  await Promise.all(wallets.splice(0).map((w) => w.close()));
});

async function model(o: Parameters<typeof startModelWallet>[0] = {}): Promise<ModelWallet> {
  const wallet = await startModelWallet(o);
  wallets.push(wallet);
  return wallet;
}

/** Every input the kit takes, as an operator's test would make them: members, launch tokens, an expired session. */
async function allInputs(wallet: ModelWallet, launchTokens = 3): Promise<KitOptions> {
  const user = wallet.addMember({ balance: 100_000 });
  const base = { base: wallet.base, signing: wallet.vendorSigning };
  const expired = await prepareExpiredSession(base, wallet.launchToken(user));
  wallet.expire(expired.token);
  return {
    ...base,
    launchTokens: Array.from({ length: launchTokens }, () => wallet.launchToken(user)),
    otherGame: wallet.games[1],
    expired,
    limitedLaunchToken: wallet.launchToken(wallet.addMember({ balance: 100_000, wagerLimit: 500 })),
    excludedLaunchToken: wallet.launchToken(wallet.addMember({ balance: 100_000, excluded: true })),
  };
}

const failed = (results: CaseResult[]) => results.filter((r) => r.result === 'fail').map((r) => r.name);
const summary = (results: CaseResult[]) => results.map((r) => `${r.result} ${r.name}${r.result === 'fail' ? `: ${r.reason}` : r.result === 'skip' ? `: ${r.needs}` : ''}`).join('\n');

/** The case(s) that must fail when a rule of the model is off. */
const CASES_OF: Record<Rule, string[]> = {
  signature: ['signature-missing', 'signature-forged'],
  timestamp: ['signature-stale'],
  signedAnswers: ['answers-signed'],
  oneTimeLaunch: ['session-open-once'],
  noPersonalData: ['user-info-no-personal-data'],
  betDebits: ['bet-debits'],
  winCredits: ['win-credits'],
  requestReplay: ['request-repeat-same-answer'],
  transactionOnce: ['transaction-repeat-ok', 'bet-race-moves-once'],
  duplicateRefused: ['transaction-duplicate-refused'],
  atomic: ['bet-race-moves-once'],
  unknownBetRefused: ['win-unknown-bet'],
  rollbackOnce: ['rollback-bet-once'],
  rollbackOfWinDebits: ['rollback-win-debits'],
  winAfterRollbackRefused: ['win-after-rollback-refused'],
  earlyRollbackKept: ['rollback-before-bet'],
  enoughMoney: ['not-enough-money'],
  currency: ['wrong-currency'],
  game: ['invalid-game'],
  token: ['invalid-token'],
  types: ['wrong-types'],
  expiryOnBets: ['expired-token'],
  noExpiryOnWins: ['expired-token'],
  wagerLimit: ['wager-limit'],
  selfExclusion: ['self-exclusion'],
};

/**
 * Rules whose breach shows in other cases too: a bet that debits nothing or a win that credits
 * nothing puts every later balance off, and a transaction processed twice is also not refused as
 * a duplicate. Any other rule turned off fails its own case(s) and no other.
 */
const SPREADS: Rule[] = ['betDebits', 'winCredits', 'transactionOnce'];

describe('wallet conformance kit', () => {
  it('passes every case against a wallet that keeps every rule (rsa)', async () => {
    const wallet = await model();
    const results = await runCases(await allInputs(wallet));
    expect(summary(results)).toBe(CASES.map((c) => `pass ${c.name}`).join('\n'));
  });

  it('passes every case with hmac signing, and with a single launch token for the whole run', async () => {
    const wallet = await model({ signing: 'hmac' });
    const results = await runCases(await allInputs(wallet, 1));
    expect(failed(results), summary(results)).toEqual([]);
    expect(results.every((r) => r.result === 'pass')).toBe(true);
  });

  it('skips what needs a missing input, naming it', async () => {
    const wallet = await model();
    const user = wallet.addMember();
    const signing = { ...wallet.vendorSigning, peerPublicKey: '' };
    const some = await runCases({ base: wallet.base, signing, launchTokens: [wallet.launchToken(user)] });
    expect(some.filter((r) => r.result !== 'pass')).toEqual([
      { name: 'answers-signed', result: 'skip', needs: '--wallet-key' },
      { name: 'expired-token', result: 'skip', needs: '--expired-token-file' },
      { name: 'wager-limit', result: 'skip', needs: '--limited-launch-token' },
      { name: 'self-exclusion', result: 'skip', needs: '--excluded-launch-token' },
    ]);
    const none = await runCases({ base: wallet.base, signing: wallet.vendorSigning, launchTokens: [] });
    expect(none.filter((r) => r.result !== 'skip')).toEqual([]);
    expect(new Set(none.map((r) => r.result === 'skip' && r.needs))).toEqual(new Set(['--launch-token', '--expired-token-file', '--limited-launch-token', '--excluded-launch-token']));
  });

  it('fails every case of a wallet it cannot reach, saying so', async () => {
    const wallet = await model();
    const inputs = await allInputs(wallet);
    wallets.splice(wallets.indexOf(wallet), 1);
    await wallet.close();
    const results = await runCases({ ...inputs, timeoutMs: 2000 });
    expect(results.every((r) => r.result === 'fail' && /could not be reached/.test(r.reason))).toBe(true);
  });

  it('names every rule of the model', () => {
    expect(Object.keys(CASES_OF).sort()).toEqual([...RULES].sort());
    const names = new Set(CASES.map((c) => c.name));
    for (const cases of Object.values(CASES_OF)) for (const name of cases) expect(names).toContain(name);
  });

  for (const rule of RULES) {
    it(`fails ${CASES_OF[rule].join(' and ')} when the wallet breaks ${rule}`, async () => {
      const wallet = await model({ off: [rule] });
      const results = await runCases(await allInputs(wallet));
      const bad = failed(results);
      if (SPREADS.includes(rule)) for (const name of CASES_OF[rule]) expect(bad, summary(results)).toContain(name);
      else expect(bad, summary(results)).toEqual(CASES_OF[rule]);
    });
  }
});
