import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { cancelVersion, endRollout, listVersions, publishTenant, rollbackTenant, rolloutReport } from '../services/tenant-releases';

/** Operators' tenant releases (the verbs `tenant publish|versions|rollback|cancel|rollout report` call the same functions). */
export default async function opsTenantReleaseRoutes(app: FastifyInstance) {
  apiRoute(app, 'tenant-releases', 'opsPublish', {
    handler: async (request) => {
      const b = request.body;
      return publishTenant(app, opsActorOf(request), { tenant: request.params.tenant, message: b.message, at: b.at === undefined ? undefined : new Date(b.at), share: b.share, document: b.document });
    },
  });
  apiRoute(app, 'tenant-releases', 'opsVersions', {
    handler: async (request) => ({ list: await listVersions(app, opsActorOf(request), request.params.tenant) }),
  });
  apiRoute(app, 'tenant-releases', 'opsRollback', {
    handler: async (request) => rollbackTenant(app, opsActorOf(request), request.params.tenant, request.body.version),
  });
  apiRoute(app, 'tenant-releases', 'opsCancel', {
    handler: async (request) => cancelVersion(app, opsActorOf(request), request.params.tenant, request.body.version),
  });
  apiRoute(app, 'tenant-releases', 'opsEndRollout', {
    handler: async (request) => endRollout(app, opsActorOf(request), request.params.tenant, request.body.action === 'promote'),
  });
  apiRoute(app, 'tenant-releases', 'opsRolloutReport', {
    handler: async (request) => rolloutReport(app, opsActorOf(request), request.params.tenant),
  });
}
