/**
 * RefGames' pages: the two page scripts are valid JavaScript, and what a page carries for its
 * script (the JSON element) can hold any text without closing the element.
 */
import { describe, expect, it } from 'vitest';
import { LOTTERY_SCRIPT, SLOT_SCRIPT } from '../../reference/refgames/assets';
import { lotteryPage, messagePage, slotPage } from '../../reference/refgames/pages';
import type { Session } from '../../reference/refgames/store';

const session = (over: Partial<Session>): Session => ({
  id: 'abc_DEF-123',
  mode: 'real',
  vendor: 'LUCKYREEL',
  kind: 'slot',
  game: 'LUCKYREEL-001',
  lang: 'EN',
  lobby: 'http://demo.localhost/m/lobby',
  lottery: 'LOTT',
  token: 't',
  user: 'u',
  currency: 'PHP',
  balance: 123_456,
  createdAt: 0,
  seenAt: 0,
  ...over,
});

const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1]) as Record<string, unknown>;

describe('RefGames pages', () => {
  it('serves page scripts that parse', () => {
    expect(() => new Function(SLOT_SCRIPT)).not.toThrow();
    expect(() => new Function(LOTTERY_SCRIPT)).not.toThrow();
  });

  it('renders the slot with the balance and its data for the script', () => {
    const html = slotPage(session({}));
    expect(html).toContain('PHP 1,234.56');
    expect(html).toContain('<html lang="en">');
    const boot = bootOf(html);
    expect(boot).toMatchObject({ api: '/play/abc_DEF-123', balance: 123_456, currency: 'PHP' });
  });

  it('keeps hostile text inside the JSON element and escaped in the page', () => {
    const currency = '</script><script>alert(1)</script>';
    const html = lotteryPage(session({ kind: 'lottery', lang: 'TY', currency, lobby: 'http://x.localhost/?q="a"&b=<c>' }));
    expect(html).not.toContain('<script>alert(1)');
    expect(bootOf(html).currency).toBe(currency);
    expect(html).toContain('href="http://x.localhost/?q=&quot;a&quot;&amp;b=&lt;c&gt;"');
    expect(html).toContain('<html lang="fil">');
    expect(html).toContain('Bumili ng tiket');
  });

  it("shows a lottery's launch as the platform sent it: the game's code, prize mode and play type", () => {
    const html = lotteryPage(session({ kind: 'lottery', game: 'lobby', launched: { playType: 'trad', prizeMode: 'ZY' } }));
    expect(html).toContain('id="launched" data-code="lobby" data-prize-mode="ZY" data-play-type="trad">Game lobby, prize mode ZY, play type trad</p>');
    expect(lotteryPage(session({ kind: 'lottery' }))).not.toContain('id="launched"');
  });

  it('says what went wrong with a way back, or without one when there is no lobby', () => {
    expect(messagePage('EN', 'T <1>', 'M & N', null)).toContain('<h1>T &lt;1&gt;</h1><p>M &amp; N</p></div>');
    expect(messagePage('EN', 'T', 'M', 'http://l.localhost/')).toContain('class="primary" href="http://l.localhost/"');
  });
});
