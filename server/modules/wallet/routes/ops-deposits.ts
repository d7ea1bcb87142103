import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { toAmount } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { decisionReason } from '../../../ops/http';
import { opsActorOf } from '../../../plugins/app/ops';
import { approveDeposit, depositReceipt, listDeposits, rejectDeposit, type DepositSummary } from '../services/deposits';

/** A deposit as the back office reads it: amounts in currency units, dates as ISO strings. */
function present(row: DepositSummary) {
  return {
    id: row.id,
    merchantCode: row.merchantCode,
    memberId: row.memberId,
    channelId: row.channelId,
    provider: row.provider,
    amount: toAmount(row.amount),
    fee: toAmount(row.fee),
    bonus: toAmount(row.bonus),
    state: row.state,
    reference: row.reference,
    hasReceipt: row.hasReceipt,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedBy: row.decidedBy,
  };
}

/** Operator decisions on deposits (server/modules/wallet/services/deposits.ts; the CLI verbs call the same functions). */
export default async function opsDepositRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'depositsList', {
    handler: async (request) => {
      const { state, merchant, limit } = request.query;
      return (await listDeposits(app, opsActorOf(request), { state, merchant, limit })).map(present);
    },
  });

  apiRoute(app, 'ops', 'depositApprove', {
    handler: async (request) => present(await approveDeposit(app, opsActorOf(request), request.params.id)),
  });

  apiRoute(app, 'ops', 'depositReject', {
    handler: async (request) => present(await rejectDeposit(app, opsActorOf(request), request.params.id, decisionReason(request.body.reason))),
  });

  apiRoute(app, 'ops', 'depositReceipt', {
    handler: async (request, reply) => {
      const image = await depositReceipt(app, opsActorOf(request), request.params.id);
      if (!image) throw new ApiError('not.found', 404);
      // A member's bank document: never kept by a browser or proxy cache.
      return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(image.contentType).send(image.data);
    },
  });
}
