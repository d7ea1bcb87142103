/**
 * Dead links of tenant content: `npm run tenant -- validate` refuses a link the tenant shows to a
 * route it gates off (a popup's go-to with the reward centre's flag off, a notice bar's target with
 * feedback off), naming the file and the JSON pointer; a link shown only where its route opens (a
 * menu item gated by the route's flag, the friends list's rewards link) is not one.
 */
import { describe, expect, it } from 'vitest';
import { lineFor, validateTenant } from './settings-fixture';
import { decideGate, deadLinkReason, tenantFacts } from '../../src/tenant/dead-links';

const dead = 'tests/tenant/fixtures/page-checks/dead-link-popup/tenant.json';
const live = 'tests/tenant/fixtures/page-checks/live-links/tenant.json';

describe('dead links in tenant content', () => {
  it('names each link to a gated-off route by file and pointer, and fails the run', async () => {
    const r = await validateTenant(dead);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, dead, '/screens/home/slots/main/items/announcementPopup/props/goTo')).toContain('route "/m/rewardCenter" is gated off for this tenant (flag REWCEN3 is off)');
    expect(lineFor(r.stderr, dead, '/screens/home/slots/main/items/noticeBar/props/to')).toContain('route "/m/feedback" is gated off for this tenant (flag FEEDBACK3 is off)');
    // The reward centre's menu item is gated by REWCEN3 itself; the friends list shows its rewards link only with REWCEN3.
    expect(r.stderr).not.toContain('/items/rewardCenter/');
    expect(r.stderr).not.toContain('/rewardsTo');
    expect(r.stderr.split('\n').filter((l) => l.includes('gated off'))).toHaveLength(2);
  });

  it('passes the same content when the tenant opens those routes', async () => {
    const r = await validateTenant(live);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('decides gates on the tenant alone, leaving what the visit decides open', () => {
    const facts = tenantFacts({ flags: { REWCEN3: true }, settings: { promotions: ['MISSION'], dividend: false }, routes: { whitelist: ['/m/rewardCenter', '/m/leaderBoard', '/m/member/agent/agentDivident'] } });
    expect(decideGate({ flag: 'REWCEN3' }, facts)).toBe('open');
    expect(decideGate({ flag: 'MAILCEN' }, facts)).toBe('closed');
    expect(decideGate({ session: true }, facts)).toBe('depends');
    expect(decideGate({ all: [{ session: true }, { flag: 'MAILCEN' }] }, facts)).toBe('closed');
    expect(decideGate({ any: [{ session: true }, { flag: 'MAILCEN' }] }, facts)).toBe('depends');
    expect(decideGate({ not: { promo: 'MISSION' } }, facts)).toBe('closed');
    expect(deadLinkReason('/m/leaderBoard', facts)).toBeNull();
    expect(deadLinkReason('/m/member/agent/agentDivident', facts)).toContain('setting dividend is off');
    expect(deadLinkReason('/m/feedback', facts)).toContain('not in /routes/whitelist');
    expect(deadLinkReason('/m/home', facts)).toBeNull();
  });
});
