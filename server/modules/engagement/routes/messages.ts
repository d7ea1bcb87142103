import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';

/** The member's message centre: unread count, pages, mark one or all read, delete. */
export default async function messageRoutes(app: FastifyInstance) {
  apiRoute(app, 'member', 'unreadCount', {
    handler: async (request) => app.repos.messages.unreadCount(request.auth!.member.id),
  });

  apiRoute(app, 'member', 'messages', {
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const memberId = request.auth!.member.id;
      const { list, total } = await app.repos.messages.page(memberId, page, pageSize);
      return {
        list: list.map((m) => ({ id: m.id, title: m.title, content: m.content, createdAt: m.createdAt.toISOString(), read: m.readAt !== null })),
        pageNum: page,
        totalPages: Math.ceil(total / pageSize),
        total,
        unreadCount: await app.repos.messages.unreadCount(memberId),
      };
    },
  });

  apiRoute(app, 'member', 'readMessage', {
    handler: async (request) => {
      const { id } = request.params;
      if (!(await app.repos.messages.markRead(request.auth!.member.id, id))) throw new ApiError('not.found', 404);
      return true;
    },
  });

  apiRoute(app, 'member', 'readAllMessages', {
    handler: async (request) => app.repos.messages.markAllRead(request.auth!.member.id),
  });

  apiRoute(app, 'member', 'deleteMessage', {
    handler: async (request) => {
      if (!(await app.repos.messages.remove(request.auth!.member.id, request.params.id))) throw new ApiError('not.found', 404);
      return true;
    },
  });
}
