import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LaunchBody } from '../../../../src/generated/api/games';
import { ApiError } from '../../../errors';
import { DEFAULT_RETURN_URL, INHOUSE_VENDOR, LOTTERY_VENDORS } from '../../../lib/games-catalogue';
import { escapeHtml } from '../../../lib/present';
import { apiRoute } from '../../../lib/route';
import type { GameRow } from '../../../repositories/games';
import { assertNotExcluded } from '../../protection';
import type { VendorConfig } from '../../../config';
import { validAuthority } from '../../../lib/tenant-host';
import { tenantOffers } from '../services/vendor-wallet';

/**
 * The lobby a vendor's back control leads to: the return path on the site's origin of the request
 * (a vendor on another origin needs the whole URL), the host the member came on when it is a plain
 * host[:port], else the tenant's first domain.
 */
function lobbyUrl(request: FastifyRequest, returnUrl: string): string {
  const host = request.headers.host ?? '';
  const origin = `${request.protocol === 'https' ? 'https' : 'http'}://${validAuthority(host) ? host : request.tenant.domains[0]}`;
  return new URL(returnUrl, origin).href;
}

/** The configured outside vendor (VENDOR_<CODE>_CATALOGUE) that serves a catalogue vendor, if any. */
function vendorServing(app: FastifyInstance, catalogueCode: string): VendorConfig | undefined {
  return Object.values(app.config.vendors).find((v) => v.catalogue.includes(catalogueCode));
}

/** The vendor's health probe (GET <URL>/health within the probe's time-out): down or slow is 503 game.vendor.unavailable. */
async function probe(app: FastifyInstance, vendor: VendorConfig): Promise<void> {
  let up = false;
  try {
    const res = await fetch(`${vendor.url}/health`, { signal: AbortSignal.timeout(app.config.vendorProbeTimeoutMs), redirect: 'error' });
    up = res.ok;
    await res.body?.cancel();
  } catch {
    up = false;
  }
  if (!up) throw new ApiError('game.vendor.unavailable', 503);
}

/** The game a launch names: by node id, else by the vendor's game id, else (vendor only) none. */
async function launchedGame(app: FastifyInstance, request: FastifyRequest, body: LaunchBody): Promise<GameRow | null> {
  const merchantCode = request.tenant.merchantCode;
  let game: GameRow | null = null;
  if (body.nodeId) game = await app.repos.games.byNode(merchantCode, Number(body.nodeId));
  else if (body.gameId) game = await app.repos.games.byGameId(merchantCode, body.vendor, body.gameId);
  else if (body.vendor === INHOUSE_VENDOR) {
    // The in-house "lobby" is its first game: there is no other page to open.
    game = (await app.repos.games.list({ merchantCode, gameType: 'INHOUSE' }, 1, 1)).rows[0] ?? null;
  } else return null;
  if (!game || game.vassalage !== body.vendor) throw new ApiError('not.found', 404);
  return game;
}

/**
 * Launch: a URL for the game (or the vendor's lobby). Real play needs a session and carries a
 * one-time launch token; a visitor gets free play only where the catalogue allows it.
 */
export default async function launchRoutes(app: FastifyInstance) {
  apiRoute(app, 'games', 'launch', {
    handler: async (request) => {
      const body = request.body;
      const tenant = request.tenant;
      const vendor = await app.repos.games.vendor(body.vendor);
      // A vendor the tenant's merchant does not offer (games.vendors) is not there.
      if (!vendor || (vendor.code !== INHOUSE_VENDOR && !tenantOffers(tenant, vendor.code))) throw new ApiError('not.found', 404);
      const game = await launchedGame(app, request, body);
      const auth = request.auth;
      if (!auth && !game?.supportPlay) throw new ApiError('session.required', 401);
      // An outside vendor: up (its health probe) before a launch token is spent on it; none
      // configured: the stand-in page outside production, unavailable in production.
      const served = vendor.code === INHOUSE_VENDOR ? undefined : vendorServing(app, vendor.code);
      if (served) await probe(app, served);
      else if (vendor.code !== INHOUSE_VENDOR && app.config.production) throw new ApiError('game.vendor.unavailable', 503);
      // A vendor's lobby (no game named) still plays a game of the catalogue: the wallet takes
      // stakes only on games it knows (docs/vendor-wallet.md, game_code), so the session names the
      // vendor's first game here, and the lobby's code stays "lobby".
      const played = game ?? (served ? ((await app.repos.games.list({ merchantCode: tenant.merchantCode, vassalage: vendor.code }, 1, 1)).rows[0] ?? null) : null);
      const mode = auth ? 'real' : 'fun';
      const lang = body.language ?? tenant.i18n.default;
      const returnUrl = body.returnUrl ?? DEFAULT_RETURN_URL;

      let launch: { token: string; expiresAt: Date } | null = null;
      if (auth) {
        await assertNotExcluded(app.db.orm, tenant, auth.member.id);
        launch = await app.db.orm.transaction(async (tx) => {
          const issued = await app.repos.gameTokens.issueLaunch(tx, {
            memberId: auth.member.id,
            sessionHash: auth.session.tokenHash,
            merchantCode: tenant.merchantCode,
            nodeId: played?.nodeId ?? null,
            vendor: vendor.code === INHOUSE_VENDOR ? null : vendor.code,
          });
          if (game) await app.repos.playerGames.recordPlay(auth.member.id, tenant.merchantCode, game.nodeId, tx);
          return issued;
        });
      }

      const lottery = LOTTERY_VENDORS.includes(vendor.code)
        ? {
            prizeMode: game?.prizeMode ?? vendor.prizeMode ?? 'Lott',
            code: game?.gameId ?? 'lobby',
            playType: (game?.lottoMode ?? vendor.lottoMode ?? '').includes('Entertainment') ? ('ent' as const) : ('trad' as const),
          }
        : null;

      let url: string;
      if (vendor.code === INHOUSE_VENDOR) {
        url = `/wps/game/inhouse/slot?${new URLSearchParams({ token: launch!.token, lang, returnUrl })}`;
      } else if (served) {
        // The vendor's launch page (docs/vendor-wallet.md): its session/open spends the token.
        const params = new URLSearchParams();
        if (launch) params.set('token', launch.token);
        else params.set('mode', 'fun');
        if (played) params.set('game', played.gameId);
        params.set('vendor', vendor.code);
        params.set('lang', lang);
        params.set('lobby', lobbyUrl(request, returnUrl));
        if (lottery) {
          params.set('playType', lottery.playType);
          params.set('prize_mode', lottery.prizeMode);
          params.set('code', lottery.code);
        }
        url = `${served.url}/launch?${params}`;
      } else {
        const params = new URLSearchParams({ vendor: vendor.code, mode });
        if (game) params.set('nodeId', String(game.nodeId));
        if (game) params.set('gameId', game.gameId);
        if (launch) params.set('token', launch.token);
        params.set('lang', lang);
        params.set('returnUrl', returnUrl);
        if (lottery) {
          params.set('prize_mode', lottery.prizeMode);
          params.set('code', lottery.code);
          params.set('playType', lottery.playType);
        }
        url = `/wps/game/vendor/play?${params}`;
      }
      return {
        url,
        mode,
        vendor: vendor.code,
        nodeId: game ? String(game.nodeId) : null,
        gameType: game?.gameType ?? null,
        expiresAt: launch ? launch.expiresAt.toISOString() : null,
        ...lottery,
      };
    },
  });

  apiRoute(app, 'games', 'vendorPage', {
    handler: async (request, reply) => {
      const q = request.query;
      const vendor = await app.repos.games.vendor(q.vendor);
      if (!vendor) throw new ApiError('not.found', 404);
      const game = q.nodeId ? await app.repos.games.byNode(request.tenant.merchantCode, Number(q.nodeId)) : null;
      const ty = q.lang === 'TY';
      const title = game ? (ty ? game.nameTy : game.nameEn) : vendor.name;
      const rows: [string, string | undefined][] = [
        ['Vendor', vendor.name],
        ['Mode', q.mode === 'fun' ? (ty ? 'Libreng laro' : 'Free play') : ty ? 'Totoong laro' : 'Real play'],
        ['Prize mode', q.prize_mode],
        ['Code', q.code],
        ['Play type', q.playType],
      ];
      const html = `<!doctype html>
<html lang="${ty ? 'fil' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#14202b;color:#fff;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:22rem;padding:1.5rem;text-align:center}dl{display:grid;grid-template-columns:auto auto;gap:.25rem 1rem;text-align:left}dt{opacity:.7}
a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:2rem;background:#f5b400;color:#14202b;font-weight:700;text-decoration:none}</style>
</head><body><main>
<h1>${escapeHtml(title)}</h1>
<p>${ty ? 'Ito ay demo na pahina ng vendor sa reference server.' : 'This is the reference server’s stand-in for the vendor’s game page.'}</p>
<dl>${rows
        .filter(([, v]) => v)
        .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v!)}</dd>`)
        .join('')}</dl>
<a href="${escapeHtml(q.returnUrl ?? DEFAULT_RETURN_URL)}" target="_top">${ty ? 'Bumalik' : 'Back'}</a>
</main></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  });
}
