import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAgentType } from '../../../../src/domain/member-types';
import { ApiError } from '../../../errors';
import { contentLang } from '../../../lib/lang';
import { apiRoute } from '../../../lib/route';
import type { AnnouncementRow, AnnouncementType } from '../../../repositories/announcements';
import { TtlCache } from '../../../lib/ttl-cache';
import { hotMatchItem } from '../../../lib/present';

/**
 * Announcement content is the same for every visitor of a merchant and changes rarely, while the
 * home page asks for it on every visit: keep it per instance for a few seconds. What depends on
 * the member (audience, read state, unread count) is computed per request.
 */
const CONTENT_CACHE_MS = 5_000;

/** Member types that see agent notices (everyone but players, trial and type 40). */
const isAgent = isAgentType;

/** Popups by audience (spec section 4): B for visitors, A for members, F too on a first-time login. */
function popupAudience(request: FastifyRequest): string[] {
  if (!request.auth) return ['B'];
  return request.auth.session.firstLogin ? ['A', 'F'] : ['A'];
}

const banner = (a: AnnouncementRow) => ({ id: a.id, title: a.title, url: a.imageUrl ?? '', link: a.linkUrl });
const item = (a: AnnouncementRow) => ({ id: a.id, title: a.title, content: a.content, createdAt: a.createdAt.toISOString() });
const popup = (a: AnnouncementRow) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  execution: a.execution as 'A' | 'B' | 'F',
  promotionType: a.promotionType,
});

export default async function announcementRoutes(app: FastifyInstance) {
  const content = new TtlCache<{ rows: AnnouncementRow[]; hotMatches: ReturnType<typeof hotMatchItem>[] }>(CONTENT_CACHE_MS, 500);
  apiRoute(app, 'announcements', 'list', {
    handler: async (request) => {
      const q = request.query;
      const tenant = request.tenant;
      const types = [...new Set(q.types.split(','))].sort() as AnnouncementType[];
      const lang = contentLang(q.lang ?? tenant.i18n.default);
      const key = [tenant.merchantCode, types.join(','), q.groupName, q.platform, lang].join('|');
      const { rows, hotMatches } = await content.get(key, async () => ({
        rows: await app.repos.announcements.list({ merchantCode: tenant.merchantCode, types, groupName: q.groupName, platform: q.platform, lang }),
        // Hot matches live in their own table (GET /wps/game/hotMatches reads the same rows).
        hotMatches: types.includes('H') ? (await app.repos.games.hotMatches(tenant.merchantCode)).map(hotMatchItem) : [],
      }));
      const of = (type: string) => rows.filter((r) => r.type === type);
      const audience = popupAudience(request);
      const member = request.auth?.member;
      const agent = member !== undefined && isAgent(member.type);
      const noticeRows = of('PL');
      const agentRows = agent ? of('A') : [];
      const read = member ? await app.repos.announcements.readIds(member.id, [...noticeRows, ...agentRows].map((r) => r.id)) : new Set<number>();
      // A visitor has no read state: the notices come without `read`.
      const withRead = (r: AnnouncementRow) => (member ? { ...item(r), read: read.has(r.id) } : item(r));
      return {
        banners: of('B').map(banner),
        notices: noticeRows.map(withRead),
        // A popup of a promotion the tenant does not run (missions on a tenant without MISSION) is not shown.
        popups: of('PU')
          .filter((r) => audience.includes(r.execution ?? '') && (r.promotionType === null || tenant.settings.promotions.includes(r.promotionType)))
          .map(popup),
        hotMatches,
        agentNotices: agentRows.map(withRead),
        footer: {
          unreadCount: agent ? await app.repos.announcements.unreadAgentCount(tenant.merchantCode, member.id) : 0,
          noticeUnreadCount: member ? noticeRows.filter((r) => !read.has(r.id)).length : 0,
        },
      };
    },
  });

  apiRoute(app, 'announcements', 'read', {
    handler: async (request) => {
      const { id } = request.params;
      const found = await app.repos.announcements.byId(request.tenant.merchantCode, id);
      if (!found) throw new ApiError('not.found', 404);
      const member = request.auth!.member;
      // Agent notices are for agents: a player cannot read (or mark) them.
      if (found.type === 'A' && !isAgent(member.type)) throw new ApiError('module.disabled', 403);
      await app.repos.announcements.markRead(member.id, id);
      return true;
    },
  });
}
