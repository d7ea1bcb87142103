import type { FastifyInstance } from 'fastify';
import { validationError } from '../../../errors';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency';
import { toAmount, toMinor } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { adjustBalance } from '../services/wallet-actions';
import { opsActorOf } from '../../../plugins/app/ops';

/** "-50.25" or 100 to minor units; more than 2 decimals or zero is refused naming /amount. */
function amountOf(value: string | number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  const minor = Number.isFinite(n) && Math.abs(n) < 1e13 ? toMinor(n) : 0;
  if (minor === 0 || toAmount(minor) !== n) {
    throw validationError('/amount', { location: 'body', reason: 'a non-zero amount with at most 2 decimals' });
  }
  return minor;
}

export default async function opsBalanceRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'balanceAdjust', {
    handler: async (request) => {
      const { merchant, username, amount, reason } = request.body;
      const key = request.headers[IDEMPOTENCY_HEADER] as string;
      const r = await adjustBalance(app, opsActorOf(request), { merchant, username, amount: amountOf(amount), reason }, key);
      return {
        merchant: r.merchant,
        username: r.username,
        amount: toAmount(r.amount),
        balanceBefore: toAmount(r.balanceBefore),
        balanceAfter: toAmount(r.balanceAfter),
        transactionId: r.transactionId,
      };
    },
  });
}
