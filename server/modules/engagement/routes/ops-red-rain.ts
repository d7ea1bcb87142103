import type { FastifyInstance } from 'fastify';
import { toMinor } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { listRain, scheduleRain } from '../services/red-rain';

const minorOf = (amount: number | undefined) => (amount === undefined ? undefined : toMinor(amount));

/** Operators' red-envelope rain windows (the CLI verbs `rain schedule|list` call the same functions). */
export default async function opsRedRainRoutes(app: FastifyInstance) {
  apiRoute(app, 'red-rain', 'opsSchedule', {
    handler: async (request) => {
      const b = request.body;
      return scheduleRain(app, opsActorOf(request), {
        merchant: b.merchant,
        start: b.start === undefined ? undefined : new Date(b.start),
        minutes: b.minutes,
        budget: toMinor(b.budget),
        minAmount: minorOf(b.minAmount),
        maxAmount: minorOf(b.maxAmount),
        maxPerMember: b.maxPerMember,
        turnoverMultiplier: b.turnoverMultiplier,
      });
    },
  });
  apiRoute(app, 'red-rain', 'opsList', {
    handler: async (request) => ({ list: await listRain(app, opsActorOf(request), request.query.merchant, request.query.all === true) }),
  });
}
