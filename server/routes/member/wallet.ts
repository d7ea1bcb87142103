import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';

/** Minor units to a currency amount with 2 decimals (integer arithmetic, then one division). */
export const toAmount = (minor: number): number => Number((minor / 100).toFixed(2));

export default async function walletRoutes(app: FastifyInstance) {
  apiRoute(app, 'member', 'wallet', {
    handler: async (request) => {
      const wallet = await app.repos.ledger.walletOf(request.auth!.member.id);
      const { currency } = request.tenant.settings;
      return { sumBalance: toAmount(wallet?.balance ?? 0), currency: wallet?.currency ?? currency.code, currencySymbol: currency.symbol };
    },
  });
}
