import { readFileSync } from 'node:fs';
import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maskName } from '../../../server/lib/games-catalogue';
import { ApiError, ERROR_KEYS, errorEnvelope } from '../../../server/errors';
import { initials, renderIcon } from '../../../server/lib/game-icon';
import { hashPassword, needsRehash, verifyPassword } from '../../../server/lib/passwords';
import { renderIndex, scriptJson } from '../../../server/lib/site-index';
import { duplicateDomains, hostName, htmlLang } from '../../../server/lib/tenant-host';
import { TtlCache } from '../../../server/lib/ttl-cache';
import { servedTimeZones } from '../../../server/lib/record-range';
import { enforce, FIELD_MESSAGES, satisfies, VALIDATION_RULES, type RuleName } from '../../../server/lib/validation-rules';
import { maskEmail, maskMobile } from '../../../server/modules/account/routes/member-info';
import { toAmount } from '../../../src/domain/money';
import { isSpaPath } from '../../../server/modules/site/routes/site';
import type { Tenant } from '../../../src/generated/tenant';

const locale = (name: string) => JSON.parse(readFileSync(new URL(`../../../locales/${name}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('error codes and locales', () => {
  const keys = new Set([
    ...Object.values(ERROR_KEYS),
    ...Object.values(VALIDATION_RULES).map((r) => r.messageKey),
    ...Object.values(FIELD_MESSAGES),
  ]);

  it.each(['en', 'ty'])('every server message key exists in locales/%s.json', (name) => {
    const dict = locale(name);
    const missing = [...keys].filter((k) => typeof dict[k] !== 'string' || dict[k] === '');
    expect(missing).toEqual([]);
  });

  it('maps each errorCode to its key in the envelope', () => {
    expect(errorEnvelope('login.failed')).toEqual({ success: false, errorCode: 'login.failed', message: 'err_login_failed' });
    expect(errorEnvelope('captcha.required', { captcha: true })).toMatchObject({ value: { captcha: true } });
    expect(new ApiError('rate.limited', 429).statusCode).toBe(429);
  });
});

describe('validation rules', () => {
  const good: Record<RuleName, string> = {
    loginUsername: 'demoplayer',
    loginPassword: 'Demo1234',
    loginMobileNum: '9171234567',
    verificationCode: '123456',
    username: 'player01',
    password: 'Secret123',
    mobileNum: '9171234567',
    paymentPassword: '123456',
    idNumber: 'AB-123456',
    qqNum: '12345678',
    facebook: 'john.doe',
    wechat: 'wx_john1',
    line: 'john.line',
    whatsapp: '+639171234567',
    zalo: '84912345678',
    email: 'john.doe@example.com',
    nickname: 'Johnny',
    payeeName: 'Juan Dela Cruz',
    recommenderId: 'demoagent',
    affiliateCode: 'LUCKY2024',
  };
  const bad: Record<RuleName, string> = {
    loginUsername: 'a b',
    loginPassword: '12345',
    loginMobileNum: '12ab',
    verificationCode: '12',
    username: '1player',
    password: 'onlyletters',
    mobileNum: '123',
    paymentPassword: '12345a',
    idNumber: 'a',
    qqNum: '0123',
    facebook: 'x',
    wechat: '1abcdef',
    line: 'a',
    whatsapp: 'phone',
    zalo: 'zalo',
    email: 'john@',
    nickname: '<b>',
    payeeName: 'Juan 2',
    recommenderId: 'a b',
    affiliateCode: 'AB',
  };

  it.each(Object.keys(VALIDATION_RULES) as RuleName[])('%s accepts a good value and refuses a bad one', (name) => {
    expect(satisfies(name, good[name])).toBe(true);
    expect(satisfies(name, bad[name])).toBe(false);
  });

  it('passes an empty optional value and names the field otherwise', () => {
    expect(() => enforce('email', '', false)).not.toThrow();
    expect(() => enforce('email', '', true)).toThrow(ApiError);
    try {
      enforce('email', 'x', false);
    } catch (err) {
      expect((err as ApiError).value).toEqual({ field: '/email', messageKey: 'in_email_incorrect' });
    }
  });
});

describe('passwords', () => {
  it('hashes with Argon2id and a per-password salt, and verifies', async () => {
    const a = await hashPassword('Secret123', 'fast');
    const b = await hashPassword('Secret123', 'fast');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword('Secret123', a, 'fast')).toBe(true);
    expect(await verifyPassword('Secret124', a, 'fast')).toBe(false);
    expect(await verifyPassword('Secret123', null, 'fast')).toBe(false);
    expect(await verifyPassword('Secret123', 'garbage$1$2', 'fast')).toBe(false);
  });

  it('uses the OWASP parameters by default and asks to rehash anything else', async () => {
    const owasp = await hashPassword('Secret123', 'owasp');
    expect(owasp).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(owasp, 'owasp')).toBe(false);
    expect(needsRehash(await hashPassword('Secret123', 'fast'), 'owasp')).toBe(true);
    expect(needsRehash(owasp, 'fast')).toBe(true);
  });

  it('still verifies legacy scrypt hashes, which always need a rehash', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Secret123', salt, 32, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('Secret123', legacy, 'fast')).toBe(true);
    expect(await verifyPassword('Secret124', legacy, 'fast')).toBe(false);
    expect(needsRehash(legacy, 'fast')).toBe(true);
  });
});

describe('site helpers', () => {
  it('strips the port from the host', () => {
    expect(hostName('Demo-EN.localhost:8099')).toBe('demo-en.localhost');
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });

  it('maps tenant languages to html lang', () => {
    expect(htmlLang('TY')).toBe('fil');
    expect(htmlLang('EN')).toBe('en');
  });

  it('injects config safely: < escaped, $ patterns kept, lang and title set', () => {
    const html = renderIndex('<html lang="x"><head><title>old</title><!--app-config--></head></html>', {
      lang: 'fil',
      title: 'A & B',
      config: { text: '</script><script>alert(1)</script>', money: "$& $' $1" },
    });
    expect(html).toContain('<html lang="fil">');
    expect(html).toContain('<title>A &#38; B</title>');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain("$& $' $1");
    expect(JSON.parse(/application\/json">(.*)<\/script>/.exec(html)![1])).toEqual({ text: '</script><script>alert(1)</script>', money: "$& $' $1" });
    expect(scriptJson('\u2028')).toBe('"\\u2028"');
    const noPlaceholder = renderIndex('<html><head></head></html>', { lang: 'en', title: 'T', config: {} });
    expect(noPlaceholder).toContain('<script id="app-config" type="application/json">{}</script></head>');
    expect(noPlaceholder).toContain('<head><title>T</title>');
  });

  it('knows which paths the SPA answers', () => {
    for (const p of ['/', '/m', '/m/', '/m/home', '/m/index.html', '/register.html', '/m/gameList?gameType=RNG']) expect(isSpaPath(p), p).toBe(true);
    for (const p of ['/m/assets/x.js', '/m/brand/logo.svg', '/m/favicon.ico', '/wps/x', '/other']) expect(isSpaPath(p), p).toBe(false);
  });

  it('reports a domain used by two tenants', () => {
    const t = (id: string, domains: string[]) => ({ id, domains }) as unknown as Tenant;
    const errors = duplicateDomains(new Map([['a', t('a', ['x.localhost'])], ['b', t('b', ['y.localhost', 'X.localhost'])]]));
    expect(errors).toEqual(['tenants/b/tenant.json: /domains/1: domain "X.localhost" is already used by tenant "a"']);
  });
});

describe('member formatting', () => {
  it('masks contacts and formats amounts from minor units', () => {
    expect(maskMobile('9171234567')).toBe('917****567');
    expect(maskEmail('demoplayer@example.com')).toBe('de***@example.com');
    expect(maskMobile(null)).toBeNull();
    expect(toAmount(125050)).toBe(1250.5);
    expect(toAmount(1)).toBe(0.01);
    expect(toAmount(-20000)).toBe(-200);
  });
});

describe('game helpers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches a load per key for its TTL, shares concurrent misses and forgets failures', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1_000, 2);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('a', load)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('b', load)).toBe(3);
    // Past `max` keys the oldest goes.
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(5);
  });

  it('loads a kept value again ahead of its end, the readers meanwhile served the kept one, never one older than the TTL', async () => {
    let clock = 0;
    const cache = new TtlCache<number>(1_000, 10, () => clock, 400);
    let loads = 0;
    let release: (() => void) | null = null;
    const load = () => {
      const n = ++loads;
      return n === 1 ? Promise.resolve(n) : new Promise<number>((resolve) => (release = () => resolve(n)));
    };
    expect(await cache.get('a', load)).toBe(1);
    clock = 599;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    // 60% of the TTL: the first reader starts the next load and, like the others, gets the kept value.
    clock = 600;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(2);
    release!();
    await new Promise((resolve) => setImmediate(resolve));
    // The new value counts from when its load started (600): kept until 1,600.
    clock = 1_000;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
    // A refresh still loading at the kept value's end: the next reader waits for a load, as without it.
    clock = 1_300;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(3);
    clock = 1_600;
    const waiting = cache.get('a', load);
    expect(loads).toBe(4);
    release!();
    expect(await waiting).toBe(4);
    // A value not to keep never replaces the kept one.
    const other = new TtlCache<number>(1_000, 10, () => clock, 400);
    clock = 0;
    await other.get('b', async () => 10, (v) => v > 5);
    clock = 700;
    await other.get('b', async () => 1, (v) => v > 5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await other.get('b', async () => 99, (v) => v > 5)).toBe(10);
  });

  it('counts a merchant published while the server runs in its own time zone', () => {
    const tenant = (merchantCode: string, timeZone: string) => ({ merchantCode, trialMerchantCode: `${merchantCode}t`, settings: { timeZone } }) as unknown as Tenant;
    const registry = { all: new Map([['a', tenant('ma', 'Asia/Manila')]]) };
    const zoneOf = servedTimeZones(registry);
    expect(zoneOf('ma')).toBe('Asia/Manila');
    expect(zoneOf('mb')).toBe('Asia/Manila');
    registry.all = new Map([...registry.all, ['b', tenant('mb', 'Europe/London')]]);
    expect(zoneOf('mb')).toBe('Europe/London');
    expect(zoneOf('mbt')).toBe('Europe/London');
  });

  it('draws the same icon for the same game, with its initials', () => {
    expect(initials('Gintong Templo')).toBe('GT');
    expect(initials("Speed Hold'em 3")).toBe('SH');
    expect(initials('Lotto 6/42')).toBe('L6');
    expect(initials('Keno')).toBe('KE');
    expect(initials('!!')).toBe('?');
    const a = renderIcon({ seed: '10001', label: 'GT', gameType: 'RNG', size: 120 });
    expect(renderIcon({ seed: '10001', label: 'GT', gameType: 'RNG', size: 120 }).equals(a)).toBe(true);
    expect(renderIcon({ seed: '10002', label: 'GT', gameType: 'RNG', size: 120 }).equals(a)).toBe(false);
  });

  it('masks winner names', () => {
    expect(maskName('juandelacruz88')).toBe('ju***88');
    expect(maskName('ana')).toBe('a***');
  });
});
