import type { FastifyInstance } from 'fastify';
import { ApiError, validationError } from '../../../errors';
import { hasAtMostTwoDecimals, toAmount, toMinor } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { decisionReason } from '../../../ops/http';
import { opsActorOf } from '../../../plugins/app/ops';
import {
  applicationImage,
  approveApplication,
  createPromotion,
  listApplications,
  listPromotionCodes,
  rejectApplication,
  setPromotionEnabled,
} from '../services/promotions';

/** Minor units of an amount of at most 2 decimals; a third decimal is a 400 on the field. */
function minorOf(amount: number | undefined, field: string): number {
  if (amount === undefined) return 0;
  const minor = toMinor(amount);
  if (!hasAtMostTwoDecimals(amount)) throw validationError(field, { location: 'body', reason: 'at most 2 decimals' });
  return minor;
}

function dateOf(text: string | undefined): Date | undefined {
  return text === undefined ? undefined : new Date(text);
}

/**
 * Operators' promotions (server/modules/engagement/services/promotions.ts; the CLI verbs `promotions ...` call the
 * same functions): create, list, disable and enable, and the decisions on applications.
 */
export default async function opsPromotionRoutes(app: FastifyInstance) {
  apiRoute(app, 'promotions', 'opsList', {
    handler: async (request) =>
      (await listPromotionCodes(app, opsActorOf(request), request.query.merchant)).map((p) => ({ ...p, rewardAmount: toAmount(p.rewardAmount), target: toAmount(p.target) })),
  });

  apiRoute(app, 'promotions', 'opsCreate', {
    handler: async (request) => {
      const b = request.body;
      return createPromotion(app, opsActorOf(request), {
        merchant: b.merchant,
        code: b.code,
        type: b.type,
        category: b.category,
        title: b.title,
        content: b.content ?? { EN: '', TY: '' },
        ...(b.imageUrl !== undefined ? { imageUrl: b.imageUrl } : {}),
        startsAt: dateOf(b.startsAt),
        endsAt: dateOf(b.endsAt),
        rewardAmount: minorOf(b.rewardAmount, '/rewardAmount'),
        turnoverMultiplier: b.turnoverMultiplier ?? 1,
        target: minorOf(b.target, '/target'),
        ...(b.sort !== undefined ? { sort: b.sort } : {}),
      });
    },
  });

  for (const word of ['disable', 'enable'] as const) {
    apiRoute(app, 'promotions', word === 'disable' ? 'opsDisable' : 'opsEnable', {
      handler: async (request) => {
        const { merchant, code } = request.params;
        const rows = await setPromotionEnabled(app, opsActorOf(request), merchant, code, word === 'enable');
        return { code, enabled: word === 'enable', rows };
      },
    });
  }

  apiRoute(app, 'promotions', 'opsApplications', {
    handler: async (request) => listApplications(app, opsActorOf(request), request.query),
  });

  apiRoute(app, 'promotions', 'opsApprove', {
    handler: async (request) => approveApplication(app, opsActorOf(request), request.params.id),
  });

  apiRoute(app, 'promotions', 'opsReject', {
    handler: async (request) => rejectApplication(app, opsActorOf(request), request.params.id, decisionReason(request.body.reason)),
  });

  apiRoute(app, 'promotions', 'opsImage', {
    handler: async (request, reply) => {
      const image = await applicationImage(app, opsActorOf(request), request.params.id);
      if (!image) throw new ApiError('not.found', 404);
      // A member's upload: never kept by a browser or proxy cache, never sniffed as anything else.
      return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(image.contentType).send(image.data);
    },
  });
}
