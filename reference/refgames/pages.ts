/**
 * RefGames' pages: server-rendered HTML, mobile first, in the player's language, every value
 * escaped; the data a page script needs travels in a JSON element (with `<` escaped).
 */
import type { Category } from './catalogue';
import { BET_KINDS, LOTTERY_CODES, ODDS_X100, PICK_DIGITS, type LotteryCode } from './lottery';
import { LINES, outcomeOf, PAYS, STAKES, SYMBOLS, type TikiSymbol } from './slot';
import type { Lang, Session } from './store';
import { TEXTS } from './texts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** JSON safe inside a <script type="application/json"> element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const GLYPHS: Readonly<Record<TikiSymbol, string>> = { MASK: '\u{1F5FF}', DRUM: '\u{1F941}', TORCH: '\u{1F525}', PALM: '\u{1F334}', SHELL: '\u{1F41A}', COCONUT: '\u{1F965}' };

/** Ticket stakes offered on the page, minor units. */
const TICKET_STAKES = [100, 500, 1_000, 5_000, 10_000, 50_000];

/** Minor units as text: 123456 -> "1,234.56". */
function money(minor: number): string {
  const abs = Math.abs(minor);
  const cents = abs % 100;
  const units = (abs - cents) / 100;
  return `${minor < 0 ? '-' : ''}${units.toLocaleString('en-US')}.${String(cents).padStart(2, '0')}`;
}

/** Odds in hundredths as text: 9000 -> "90x", 195 -> "1.95x". */
function oddsText(x100: number): string {
  const cents = x100 % 100;
  return `${(x100 - cents) / 100}${cents ? `.${String(cents).padStart(2, '0')}` : ''}x`;
}

function shell(lang: Lang, title: string, lobby: string | null, body: string, script?: { src: string; boot: unknown }): string {
  const t = TEXTS[lang];
  const back = lobby ? `<a class="back" href="${escapeHtml(lobby)}" target="_top">&#8249; ${escapeHtml(t.back)}</a>` : '';
  const scripts = script ? `<script type="application/json" id="boot">${scriptJson(script.boot)}</script><script src="${script.src}" defer></script>` : '';
  return `<!doctype html>
<html lang="${lang === 'TY' ? 'fil' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(t.vendorName)}</title><link rel="stylesheet" href="/assets/refgames.css"></head>
<body><header>${back}<span class="brand">${escapeHtml(t.vendorName)}</span></header>
<main>${body}</main><footer>${escapeHtml(t.footer)}</footer>${scripts}</body></html>`;
}

/** A page that says what went wrong, with the way back to the lobby. */
export function messagePage(lang: Lang, title: string, message: string, lobby: string | null): string {
  const t = TEXTS[lang];
  const link = lobby ? `<a class="primary" href="${escapeHtml(lobby)}" target="_top">${escapeHtml(t.back)}</a>` : '';
  return shell(lang, title, lobby, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}</div>`);
}

export function noGamePage(lang: Lang, category: Exclude<Category, 'RNG' | 'LOTTERY'>, lobby: string | null): string {
  const t = TEXTS[lang];
  return messagePage(lang, t.noGameTitle, t.noGame.replace('{category}', t.categories[category]), lobby);
}

function balanceBar(s: Session, second: string): string {
  const t = TEXTS[s.lang];
  return `<section class="bar"><div><div class="label">${escapeHtml(t.balance)}</div><div class="big" id="balance">${escapeHtml(s.currency)} ${money(s.balance)}</div></div>${second}</section>${
    s.mode === 'fun' ? `<p class="fun">${escapeHtml(t.playMoney)}</p>` : ''
  }`;
}

export function slotPage(s: Session): string {
  const t = TEXTS[s.lang];
  const window = outcomeOf([0, 0, 0]).window;
  const cells: string[] = [];
  for (let row = 0; row < 3; row++)
    for (let reel = 0; reel < 3; reel++) {
      const sym = window[reel][row];
      cells.push(`<div class="cell" id="c${reel}${row}"><span class="g">${GLYPHS[sym]}</span><span class="n">${escapeHtml(t.symbols[sym])}</span></div>`);
    }
  const stake = STAKES[2];
  const pays = SYMBOLS.map((sym) => `<tr><td>${GLYPHS[sym].repeat(3)} ${escapeHtml(t.symbols[sym])}</td><td>${PAYS[sym]}x</td></tr>`).join('');
  const body = `${balanceBar(s, `<div><div class="label">${escapeHtml(t.lastWin)}</div><div class="big" id="win">0.00</div></div>`)}
<h1>${escapeHtml(t.slotName)}</h1>
<div class="reels" id="reels">${cells.join('')}</div>
<div class="message" id="message" role="status" aria-live="polite"></div>
<div class="stake-row"><button class="round" id="less" type="button" aria-label="-">&#8722;</button><div><div class="label">${escapeHtml(t.stake)}</div><div class="big" id="stake">${money(stake)}</div></div><button class="round" id="more" type="button" aria-label="+">+</button></div>
<button class="primary" id="spin" type="button">${escapeHtml(t.spin)}</button>
<h2>${escapeHtml(t.payTable)}</h2><table>${pays}</table>
<p class="note">${escapeHtml(t.lines)}. ${escapeHtml(t.slotRtp)}.</p>`;
  return shell(s.lang, t.slotName, s.lobby, body, {
    src: '/assets/slot.js',
    boot: {
      api: `/play/${encodeURIComponent(s.id)}`,
      currency: s.currency,
      balance: s.balance,
      stakes: STAKES,
      stake,
      glyphs: GLYPHS,
      names: t.symbols,
      lines: LINES,
      text: { win: t.win, offline: t.offline },
    },
  });
}

/** What the platform launched the lottery as: the game's code, prize mode and play type. */
function launchedAs(s: Session): string {
  if (!s.launched) return '';
  const { playType, prizeMode } = s.launched;
  // The code the launch named ("lobby" for a vendor's lobby), else the game played.
  const code = s.launched.code || s.game;
  const text = TEXTS[s.lang].launchedAs.replace('{code}', code).replace('{prizeMode}', prizeMode || '-').replace('{playType}', playType || '-');
  return `<p class="note" id="launched" data-code="${escapeHtml(code)}" data-prize-mode="${escapeHtml(prizeMode)}" data-play-type="${escapeHtml(playType)}">${escapeHtml(text)}</p>`;
}

export function lotteryPage(s: Session): string {
  const t = TEXTS[s.lang];
  const tabs = LOTTERY_CODES.map((code: LotteryCode) => `<button type="button" data-lottery="${code}" aria-pressed="${code === s.lottery}">${escapeHtml(t.lotteryNames[code])}</button>`).join('');
  const bets = BET_KINDS.map(
    (kind, i) => `<label class="opt"><input type="radio" name="bet" value="${kind}"${i === 0 ? ' checked' : ''}><span>${escapeHtml(t.betNames[kind])}</span><b>${oddsText(ODDS_X100[kind])}</b></label>`,
  ).join('');
  const stakes = TICKET_STAKES.map((m, i) => `<label class="chip"><input type="radio" name="stake" value="${m}"${i === 0 ? ' checked' : ''}><span>${money(m)}</span></label>`).join('');
  const body = `${balanceBar(s, '')}
<nav class="tabs">${tabs}</nav>
<section class="draw"><div class="label" id="every">${escapeHtml(t.lotteryEvery[s.lottery])}</div>
<div><span>${escapeHtml(t.nextDraw)}</span> <span class="big" id="countdown">--:--</span></div>
<div class="note">${escapeHtml(t.ticketFor)} <b id="saleDraw"></b></div></section>
<form id="ticket" novalidate>
<fieldset><legend>${escapeHtml(t.bet)}</legend><div class="opts">${bets}</div></fieldset>
<div id="pickRow"><label class="label" for="pick">${escapeHtml(t.pick)}</label><input id="pick" inputmode="numeric" autocomplete="off" pattern="[0-9]*" maxlength="2"></div>
<fieldset><legend>${escapeHtml(t.stake)}</legend><div class="chips">${stakes}</div></fieldset>
<button class="primary" id="buy" type="submit">${escapeHtml(t.buy)}</button>
</form>
<div class="message" id="message" role="status" aria-live="polite"></div>
<h2>${escapeHtml(t.myTickets)}</h2><ul id="tickets"></ul>
<h2>${escapeHtml(t.results)}</h2><ol id="results"></ol>
<p class="note">${escapeHtml(t.oddsNote)}</p>${launchedAs(s)}`;
  return shell(s.lang, t.lotteryNames[s.lottery], s.lobby, body, {
    src: '/assets/lottery.js',
    boot: {
      api: `/play/${encodeURIComponent(s.id)}`,
      currency: s.currency,
      balance: s.balance,
      lottery: s.lottery,
      pickDigits: PICK_DIGITS,
      text: {
        offline: t.offline,
        every: t.lotteryEvery,
        noResults: t.noResults,
        noTickets: t.noTickets,
        drawVoid: t.drawVoid,
        betNames: t.betNames,
        states: t.ticketStates,
        bought: t.bought,
        pickHint: t.pickHint,
      },
    },
  });
}
