import type { FastifyInstance } from 'fastify';
import { toAmount } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { decisionReason } from '../../../ops/http';
import { opsActorOf } from '../../../plugins/app/ops';
import { listWithdrawalsForOps, payWithdrawal, rejectWithdrawal } from '../services/withdrawals';

/** Operator decisions on withdrawals (server/modules/wallet/services/withdrawals.ts; the CLI verbs call the same functions). */
export default async function opsWithdrawalRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'withdrawalsList', {
    handler: async (request) => {
      const { state, limit } = request.query;
      const rows = await listWithdrawalsForOps(app, opsActorOf(request), state, limit);
      return rows.map((w) => ({ ...w, amount: toAmount(w.amount), fee: toAmount(w.fee), createdAt: w.createdAt.toISOString() }));
    },
  });

  // Both decisions are taken once (the service locks the pending row): a repeat is refused and
  // moves nothing, so a retried request cannot pay or return a hold twice.
  apiRoute(app, 'ops', 'withdrawalPay', {
    handler: async (request) => {
      await payWithdrawal(app, opsActorOf(request), request.params.id);
      return { id: request.params.id, state: 'paid' as const };
    },
  });

  apiRoute(app, 'ops', 'withdrawalReject', {
    handler: async (request) => {
      await rejectWithdrawal(app, opsActorOf(request), request.params.id, decisionReason(request.body.reason));
      return { id: request.params.id, state: 'rejected' as const };
    },
  });
}
