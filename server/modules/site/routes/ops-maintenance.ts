import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { clearMaintenance, setMaintenance, showMaintenance } from '../services/maintenance';

/** Operators' maintenance windows (the CLI verbs `maintenance set|clear|show` call the same functions). */
export default async function opsMaintenanceRoutes(app: FastifyInstance) {
  apiRoute(app, 'maintenance', 'opsSet', {
    handler: async (request) => {
      const b = request.body;
      return setMaintenance(app, opsActorOf(request), {
        tenant: b.tenant,
        start: b.start === undefined ? undefined : new Date(b.start),
        end: new Date(b.end),
        messages: b.messages,
      });
    },
  });
  apiRoute(app, 'maintenance', 'opsClear', {
    handler: async (request) => clearMaintenance(app, opsActorOf(request), request.params.tenant),
  });
  apiRoute(app, 'maintenance', 'opsShow', {
    handler: async (request) => ({ list: await showMaintenance(app, opsActorOf(request), request.query.tenant) }),
  });
}
