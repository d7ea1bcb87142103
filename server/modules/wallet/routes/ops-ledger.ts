import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { checkLedger } from '../../../money';
import { OpsRefusal } from '../../../ops/types';
import { opsActorOf } from '../../../plugins/app/ops';

export default async function opsLedgerRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'ledgerCheck', {
    handler: async (request) => {
      // The check spans every merchant: for operators over all of them.
      const actor = opsActorOf(request);
      if (actor.merchantCodes !== null) throw new OpsRefusal('ops.merchant.forbidden', `${actor.actor} may not check the whole ledger`);
      const problems = await checkLedger(app.db.orm);
      return { clean: problems.length === 0, problems };
    },
  });
}
