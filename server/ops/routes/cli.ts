import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { apiRoute } from '../../lib/route';
import { CLI_KEY_HEADER, isDirectLoopback, sameKey } from '../cli-link';
import { runOps } from '../runner';

/**
 * The CLI's way into a server that holds the PGlite data folder (server/ops/cli-link.ts): only a
 * direct loopback connection carrying the key of DATA_DIR/ops-cli.key. The user name is the
 * CLI's word: whoever has the key can read the database anyway, so it records, not authorises.
 */
export default async function opsCliRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'cli', {
    handler: async (request) => {
      const presented = request.headers[CLI_KEY_HEADER];
      const direct = isDirectLoopback(request.socket.remoteAddress, request.headers);
      // Both checks always run: the answer takes as long whichever fails.
      const keyOk = typeof presented === 'string' && sameKey(presented, app.opsCliKey);
      if (!direct || !keyOk) {
        request.log.warn({ direct, keyOk }, 'ops cli request refused');
        throw new ApiError('ops.cli.forbidden', 403);
      }
      const { argv, user, password } = request.body;
      request.log.info({ verb: argv.slice(0, 2).join(' '), user }, 'ops cli verb');
      return runOps(app, { operatorId: null, actor: `cli:${user}`, merchantCodes: null }, argv, { password });
    },
  });
}
