import { describe, expect, it } from 'vitest';
import { isMemberCentre, REAL_ACCOUNT_PATHS, trialNoticeFor } from '../../src/lib/layout-rules';
import { ROUTES, routeById, type RouteDef } from '../../src/lib/routes';

const ENTRIES: readonly RouteDef[] = ROUTES;

describe('the free-trial guard (spec sections 6 and 8)', () => {
  it('real-account functions tell a trial member login_actual_account', () => {
    for (const path of ['/m/voucherCenter', '/m/withdraw', '/m/securityCenter', '/m/vouReport', '/m/withdrawReport', '/m/transaction/record', '/m/gameRecord', '/m/profitandloss', '/m/feedback', '/m/inviteFriends', '/m/rewardCenter', '/m/member/manualRebate', '/m/member/rebateReport', '/m/upLine/transfer']) {
      expect(trialNoticeFor(path, 4), path).toBe('login_actual_account');
    }
  });

  it('reads a link as the shell sees it: query, hash and a trailing slash aside', () => {
    expect(trialNoticeFor('/m/withdraw?amount=100', 4)).toBe('login_actual_account');
    expect(trialNoticeFor('/m/securityCenter/', 4)).toBe('login_actual_account');
    expect(trialNoticeFor('/m/gameRecord#top', 4)).toBe('login_actual_account');
  });

  it('the member centre itself keeps free_reject (spec section 8), its alias too', () => {
    expect(trialNoticeFor('/m/mine', 4)).toBe('free_reject');
    expect(trialNoticeFor('/m/member/home', 4)).toBe('free_reject');
  });

  it('a trial member opens everything else: home, games, the trial page, service, agreement', () => {
    for (const path of ['/m/home', '/m/gameList', '/m/launchGame', '/m/trail', '/m/service', '/m/useragreement', '/m/help', '/m/notice', '/m/activity', 'https://example.com/m/withdraw']) {
      expect(trialNoticeFor(path, 4), path).toBeNull();
    }
  });

  it('never stops a real member, an agent or a visitor', () => {
    for (const type of [0, 1, 2, 40, null, undefined]) {
      expect(trialNoticeFor('/m/withdraw', type)).toBeNull();
      expect(trialNoticeFor('/m/mine', type)).toBeNull();
    }
  });

  it('every member-centre money entry is a real-account function; the flag is on the manifest only', () => {
    const real = ENTRIES.filter((r) => r.realAccount);
    expect(real.map((r) => r.id).sort()).toEqual(
      [
        ...['benefits', 'feedback', 'gameRecord', 'inviteFriends', 'manualRebate', 'profitandloss', 'rebateReport', 'rewardCenter', 'securityCenter', 'transactionRecord', 'uplineTransfer', 'voucherCenter', 'vouReport', 'withdraw', 'withdrawReport'],
        // Player protection, red-envelope rain and agent contracts are real-account functions too.
        ...['limits', 'statement', 'selfExclusion', 'redRain', 'agentDivident', 'salaryContract', 'dividendContract', 'hourContract'],
      ].sort(),
    );
    expect(REAL_ACCOUNT_PATHS).toHaveLength(real.length);
    for (const route of ENTRIES.filter((r) => r.guard === 'memberCentre' && r.id !== 'mine')) expect(route.realAccount, route.id).toBe(true);
    expect(isMemberCentre(routeById('mine').path)).toBe(true);
    expect(routeById('trail').realAccount).toBeUndefined();
  });
});
