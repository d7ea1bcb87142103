import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { addPayoutAccount, deletePayoutAccount, liveAccounts, MAX_PAYOUT_ACCOUNTS, presentAccount } from '../services/payout-accounts';

export default async function payoutAccountRoutes(app: FastifyInstance) {
  apiRoute(app, 'security-centre', 'payoutAccounts', {
    handler: async (request) => {
      const tenant = request.tenant;
      const rows = await liveAccounts(app.db.orm, request.auth!.member.id);
      return {
        accounts: rows.map((r) => presentAccount(tenant, r)),
        providers: tenant.settings.wallet.payoutProviders.map(({ code, name, kind, accountPattern }) => ({ code, name, kind, accountPattern })),
        maxAccounts: MAX_PAYOUT_ACCOUNTS,
      };
    },
  });

  apiRoute(app, 'security-centre', 'addPayoutAccount', {
    rateLimit: app.config.limits.passwordPerIp,
    handler: async (request) => {
      return addPayoutAccount(app, request.tenant, request.auth!.member.id, request.body);
    },
  });

  apiRoute(app, 'security-centre', 'deletePayoutAccount', {
    rateLimit: app.config.limits.passwordPerIp,
    handler: async (request) => {
      await deletePayoutAccount(app, request.auth!.member, request.params.id, request.body.paymentPassword);
      return true;
    },
  });
}
