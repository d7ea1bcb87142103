import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { registerSettings } from '../../../lib/startup';
import { VALIDATION_RULES } from '../../../lib/validation-rules';

/** Registration settings of the tenant and the validation rule set the server also enforces. */
export default async function registrationSettingsRoutes(app: FastifyInstance) {
  apiRoute(app, 'system', 'registerSettings', { handler: async (request) => registerSettings(request.tenant) });
  apiRoute(app, 'system', 'validationRules', { handler: async () => VALIDATION_RULES });
}
