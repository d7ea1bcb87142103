import type { FastifyInstance } from 'fastify';
import { toAmount } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';

export default async function walletRoutes(app: FastifyInstance) {
  apiRoute(app, 'member', 'wallet', {
    handler: async (request) => {
      // Read with the session (one statement), unless this request's session was read without it.
      const auth = request.auth!;
      const wallet = auth.wallet !== undefined ? auth.wallet : await app.repos.ledger.walletOf(auth.member.id);
      const { currency } = request.tenant.settings;
      return { sumBalance: toAmount(wallet?.balance ?? 0), currency: wallet?.currency ?? currency.code, currencySymbol: currency.symbol };
    },
  });
}
