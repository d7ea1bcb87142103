import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { DEFAULT_RETURN_URL, INHOUSE_VENDOR } from '../../../lib/games-catalogue';
import { toAmount } from '../../../../src/domain/money';
import { escapeHtml } from '../../../lib/present';
import { apiRoute } from '../../../lib/route';
import { scriptJson } from '../../../lib/site-index';
import { sha256 } from '../../../lib/tokens';
import type { SlotQuery } from '../../../../src/generated/api/inhouse';
import { IMMUTABLE } from '../../../plugins/external/static';
import { inhouseGame, spin } from '../services/inhouse';
import { MAX_STAKE, MIN_STAKE, PAY_TABLE, REELS, RTP, STAKES } from '../services/slot';
import { assertNotExcluded } from '../../protection';

/** A static file of the slot page, with a content hash for its immutable URL. */
function asset(name: string) {
  const body = readFileSync(new URL(`../../../games/${name}`, import.meta.url), 'utf8');
  return { body, version: sha256(body).slice(0, 12) };
}

type Labels = Record<
  | 'back'
  | 'balance'
  | 'win'
  | 'stake'
  | 'spin'
  | 'less'
  | 'more'
  | 'payTable'
  | 'any'
  | 'rtp'
  | 'insufficient'
  | 'wagerLimit'
  | 'lossLimit'
  | 'sessionLimit'
  | 'expired'
  | 'failed'
  | 'offline'
  | 'won'
  | 'loading'
  | 'realityTitle'
  | 'realityPlayed'
  | 'realityNet'
  | 'realityContinue'
  | 'realityStop'
  | 'realityHistory',
  string
>;

/** The page's own text in the two shipped languages (other languages read English). */
const LABELS: Record<'EN' | 'TY', Labels> = {
  EN: {
    back: 'Back',
    balance: 'Balance',
    win: 'Win',
    stake: 'Stake',
    spin: 'SPIN',
    less: 'Lower stake',
    more: 'Raise stake',
    payTable: 'Pay table',
    any: 'any',
    rtp: 'Return to player',
    insufficient: 'Insufficient balance.',
    wagerLimit: 'This stake is over your wager limit: {amount} left.',
    lossLimit: 'This stake is over your loss limit: {amount} left.',
    sessionLimit: 'Your session time limit is reached. Log in again later.',
    expired: 'This game session has ended. Go back and open the game again.',
    failed: 'The spin did not go through. Please try again.',
    offline: 'Network problem. Please try again.',
    won: 'You won',
    loading: 'Loading…',
    // The reality check: the same words as locales/en.json reality_*.
    realityTitle: 'Reality check',
    realityPlayed: 'You have played for {{time}} since you logged in.',
    realityNet: 'Your result since you logged in: {{amount}}',
    realityContinue: 'Continue playing',
    realityStop: 'Stop playing',
    realityHistory: 'See my history',
  },
  TY: {
    back: 'Bumalik',
    balance: 'Balanse',
    win: 'Panalo',
    stake: 'Taya',
    spin: 'IKOT',
    less: 'Babaan ang taya',
    more: 'Taasan ang taya',
    payTable: 'Talaan ng bayad',
    any: 'kahit ano',
    rtp: 'Balik sa manlalaro',
    insufficient: 'Kulang ang balanse.',
    wagerLimit: 'Lampas ang taya sa iyong limitasyon sa taya: {amount} na lang ang natitira.',
    lossLimit: 'Lampas ang taya sa iyong limitasyon sa talo: {amount} na lang ang natitira.',
    sessionLimit: 'Naabot na ang limitasyon mo sa tagal ng paglalaro. Mag-log in muli mamaya.',
    expired: 'Tapos na ang session ng larong ito. Bumalik at buksan muli ang laro.',
    failed: 'Hindi natuloy ang ikot. Pakisubukang muli.',
    offline: 'May problema sa network. Pakisubukang muli.',
    won: 'Nanalo ka ng',
    loading: 'Naglo-load…',
    // The same words as locales/ty.json reality_*.
    realityTitle: 'Paalala sa oras',
    realityPlayed: '{{time}} ka nang naglalaro mula nang mag-log in ka.',
    realityNet: 'Ang resulta mo mula nang mag-log in: {{amount}}',
    realityContinue: 'Magpatuloy sa paglalaro',
    realityStop: 'Tumigil sa paglalaro',
    realityHistory: 'Tingnan ang aking kasaysayan',
  },
};

function slotPage(q: SlotQuery, js: string, css: string): string {
  const lang = q.lang === 'TY' ? 'TY' : 'EN';
  const t = LABELS[lang];
  const returnUrl = q.returnUrl ?? DEFAULT_RETURN_URL;
  const cell = '<div class="cell" role="img"></div>';
  const reel = `<div class="reel">${cell.repeat(3)}</div>`;
  return `<!doctype html>
<html lang="${lang === 'TY' ? 'fil' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(t.loading)}</title>
<link rel="stylesheet" href="/wps/game/inhouse/slot.css?t=${css}">
<script id="slot-config" type="application/json">${scriptJson({ token: q.token, lang, returnUrl, labels: t })}</script>
<script src="/wps/game/inhouse/slot.js?t=${js}" defer></script>
</head>
<body>
<main class="slot" aria-busy="true">
<header><a class="back" href="${escapeHtml(returnUrl)}" target="_top">&larr; ${escapeHtml(t.back)}</a><h1 id="title">${escapeHtml(t.loading)}</h1></header>
<section class="machine" aria-label="${escapeHtml(t.spin)}"><div class="reels" id="reels">${reel.repeat(3)}</div><div class="payline"></div></section>
<p id="message" class="message" role="status" aria-live="polite"></p>
<section class="meter"><div><span>${escapeHtml(t.balance)}</span><strong id="balance">&ndash;</strong></div><div><span>${escapeHtml(t.win)}</span><strong id="win">&ndash;</strong></div></section>
<section class="controls"><button id="less" type="button" aria-label="${escapeHtml(t.less)}" disabled>&minus;</button><div><span>${escapeHtml(t.stake)}</span><strong id="stake">&ndash;</strong></div><button id="more" type="button" aria-label="${escapeHtml(t.more)}" disabled>+</button></section>
<button id="spin" class="spin" type="button" disabled>${escapeHtml(t.spin)}</button>
<details class="paytable"><summary>${escapeHtml(t.payTable)}</summary><table id="paytable"></table><p id="rtp"></p></details>
</main>
<div id="reality" class="reality" role="dialog" aria-modal="true" aria-labelledby="reality-title" hidden><div class="reality__box"><h2 id="reality-title">${escapeHtml(t.realityTitle)}</h2><p id="reality-played"></p><p id="reality-net"></p><button id="reality-continue" type="button" class="reality__primary">${escapeHtml(t.realityContinue)}</button><button id="reality-stop" type="button">${escapeHtml(t.realityStop)}</button><button id="reality-history" type="button">${escapeHtml(t.realityHistory)}</button></div></div>
</body>
</html>`;
}

/** The in-house 3-reel slot: its page and assets, the launch-token exchange, and spins. */
export default async function inhouseRoutes(app: FastifyInstance) {
  const js = asset('slot.js');
  const css = asset('slot.css');

  apiRoute(app, 'inhouse', 'slotPage', {
    handler: async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(slotPage(request.query, js.version, css.version)),
  });

  apiRoute(app, 'inhouse', 'slotScript', {
    handler: async (_request, reply) => reply.header('cache-control', IMMUTABLE).type('text/javascript; charset=utf-8').send(js.body),
  });

  apiRoute(app, 'inhouse', 'slotStyle', {
    handler: async (_request, reply) => reply.header('cache-control', IMMUTABLE).type('text/css; charset=utf-8').send(css.body),
  });

  apiRoute(app, 'inhouse', 'session', {
    handler: async (request, reply) => {
      const { token, lang } = request.body;
      const tenant = request.tenant;
      const exchanged = await app.repos.gameTokens.exchange(token, tenant.merchantCode, INHOUSE_VENDOR);
      if (!exchanged) throw new ApiError('launch.invalid', 401);
      const { grant } = exchanged;
      await assertNotExcluded(app.db.orm, tenant, grant.memberId);
      const game = await inhouseGame(app, grant.merchantCode, grant.nodeId);
      const wallet = await app.repos.ledger.walletOf(grant.memberId);
      reply.header('cache-control', 'no-store');
      return {
        token: exchanged.token,
        nodeId: String(game.nodeId),
        gameName: (lang ?? tenant.i18n.default) === 'TY' ? game.nameTy : game.nameEn,
        sumBalance: toAmount(wallet?.balance ?? 0),
        currency: wallet?.currency ?? tenant.settings.currency.code,
        currencySymbol: tenant.settings.currency.symbol,
        minStake: MIN_STAKE,
        maxStake: MAX_STAKE,
        stakes: STAKES,
        // Copies: the answer's arrays are the player's, the game's tables stay read-only.
        reels: REELS.map((strip) => [...strip]),
        payTable: PAY_TABLE.map((rule) => ({ ...rule, line: [...rule.line] })),
        rtp: RTP,
      };
    },
  });

  apiRoute(app, 'inhouse', 'spin', {
    handler: async (request, _reply, once) => {
      const body = request.body;
      return spin(app, request, body.stake, body.nodeId ? Number(body.nodeId) : null, once);
    },
  });
}
