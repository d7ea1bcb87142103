import type { FastifyInstance } from 'fastify';
import { toAmount } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { waiveMemberTurnover } from '../services/wallet-actions';
import { opsActorOf } from '../../../plugins/app/ops';

export default async function opsTurnoverRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'turnoverWaive', {
    handler: async (request) => {
      const { merchant, username, reason } = request.body;
      const r = await waiveMemberTurnover(app, opsActorOf(request), { merchant, username, reason });
      return { merchant: r.merchant, username: r.username, waived: toAmount(r.waived), outstandingBefore: toAmount(r.before.outstanding) };
    },
  });
}
