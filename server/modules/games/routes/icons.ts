import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../../errors';
import { initials, renderIcon, type IconSpec } from '../../../lib/game-icon';
import { apiRoute } from '../../../lib/route';
import { IMMUTABLE } from '../../../plugins/external/static';

/** Rendered icons by key. Only a cache of deterministic output: any instance renders the same bytes. */
class IconCache {
  private readonly map = new Map<string, Buffer>();

  constructor(private readonly max: number) {}

  /** The cached icon, else the one `spec` describes (rendered and kept), else null (no such game or vendor). */
  async get(key: string, spec: () => Promise<IconSpec | null>): Promise<Buffer | null> {
    const hit = this.map.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to evict.
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const s = await spec();
    if (!s) return null;
    const png = renderIcon(s);
    this.map.set(key, png);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return png;
  }
}

const sendPng = (reply: FastifyReply, png: Buffer) => reply.header('cache-control', IMMUTABLE).type('image/png').send(png);

/** Generated icons of games and vendors (server/lib/game-icon.ts). */
export default async function iconRoutes(app: FastifyInstance) {
  const cache = new IconCache(2_000);

  apiRoute(app, 'games', 'icon', {
    handler: async (request, reply) => {
      const nodeId = Number(request.params.nodeId);
      const { size } = request.query;
      const png = await cache.get(`g:${nodeId}:${size}`, async () => {
        const source = await app.repos.games.iconSource(nodeId);
        return source && { seed: String(nodeId), label: initials(source.nameEn), gameType: source.gameType, size };
      });
      if (!png) throw new ApiError('not.found', 404);
      return sendPng(reply, png);
    },
  });

  apiRoute(app, 'games', 'vendorIcon', {
    handler: async (request, reply) => {
      const { vassalage } = request.params;
      const { size } = request.query;
      const png = await cache.get(`v:${vassalage}:${size}`, async () => {
        const vendor = await app.repos.games.vendor(vassalage);
        return vendor && { seed: vendor.code, label: initials(vendor.name), size };
      });
      if (!png) throw new ApiError('not.found', 404);
      return sendPng(reply, png);
    },
  });
}
