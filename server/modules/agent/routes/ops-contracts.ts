import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { idleContracts, listCeilings, setCeiling } from '../services/agent-contracts';

/** Top-level agents' contract ceilings and the contracts that would pay on no activity (the CLI's `agents ceiling`, `contracts idle`). */
export default async function opsContractRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops-contracts', 'ceilingSet', {
    handler: async (request) => {
      const b = request.body;
      return setCeiling(app, opsActorOf(request), { merchantCode: b.merchant, username: b.username, kind: b.kind, max: b.max, ...(b.reason !== undefined ? { reason: b.reason } : {}) });
    },
  });
  apiRoute(app, 'ops-contracts', 'ceilings', {
    handler: async (request) => ({ list: await listCeilings(app, opsActorOf(request), request.query.merchant) }),
  });
  apiRoute(app, 'ops-contracts', 'idleContracts', {
    handler: async (request) => ({ list: await idleContracts(app, opsActorOf(request), request.query.merchant) }),
  });
}
