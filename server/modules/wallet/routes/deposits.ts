import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toAmount, toMinor } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';
import {
  cancelDeposit,
  checkDepositRequest,
  createDeposit,
  memberDeposit,
  memberDeposits,
  presentDeposit,
  setReference,
  type DepositChannel,
} from '../services/deposits';
import { openGatewayPayment, type SiteOrigin } from '../services/gateway';
import { validAuthority } from '../../../lib/tenant-host';
import { assertNotExcluded } from '../../protection';

/** A channel's logo as the browser loads it: a file of the tenant folder under /m/brand/, or its https URL. */
const logoUrlOf = (logo: string): string => (/^https:\/\//.test(logo) ? logo : `/m/brand/${logo}`);

function presentChannel(c: DepositChannel) {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    provider: c.provider,
    logoUrl: logoUrlOf(c.logo),
    // Tenant amounts are currency units with at most 2 decimals already; the round trip through
    // minor units keeps them exactly 2-decimal numbers at the edge.
    min: toAmount(toMinor(c.min)),
    max: toAmount(toMinor(c.max)),
    quickAmounts: c.quickAmounts.map((a) => toAmount(toMinor(a))),
    fee: { percent: c.fee.percent, fixed: toAmount(toMinor(c.fee.fixed)) },
    bonusPercent: c.bonusPercent,
    bonusTurnoverMultiplier: c.bonusTurnoverMultiplier ?? 1,
  };
}

/**
 * The site's origin of a request, where the provider returns the player and sends its notice:
 * the host the member came on when it is a plain host[:port] (lib/tenant-host's validAuthority, the
 * check every request already passed: `demo.example:1@evil.example` cannot point the provider
 * elsewhere), else the tenant's first domain.
 */
function originOf(request: FastifyRequest): SiteOrigin {
  const host = request.headers.host ?? '';
  return { protocol: request.protocol === 'https' ? 'https' : 'http', host: validAuthority(host) ? host : request.tenant.domains[0] };
}

/** The member's deposits: channels, create (idempotent), list, one, cancel, reference number. */
export default async function depositRoutes(app: FastifyInstance) {
  apiRoute(app, 'wallet', 'channels', {
    handler: async (request) => {
      const { settings } = request.tenant;
      return {
        channels: settings.wallet.deposit.channels.map(presentChannel),
        currency: settings.currency.code,
        currencySymbol: settings.currency.symbol,
        pendingMinutes: settings.wallet.deposit.pendingMinutes,
      };
    },
  });

  apiRoute(app, 'wallet', 'create', {
    handler: async (request, _reply, once) => {
      const member = request.auth!.member;
      const tenant = request.tenant;
      const { channelId, amount } = request.body;
      // Refusals that need no database come first: a refused request writes nothing, not even its key.
      checkDepositRequest(tenant, channelId, amount);
      await assertNotExcluded(app.db.orm, tenant, member.id);
      const created = await once(async (tx) => {
        const row = await createDeposit(tx, { tenant, memberId: member.id, merchantCode: member.merchantCode, channelId, amount });
        const { receipt: _receipt, receiptType: _type, ...summary } = row;
        return presentDeposit(tenant, { ...summary, hasReceipt: false });
      });
      // Committed: now the provider's payment, over HTTP, with no lock held. A repeat of the
      // request (same key) finds the deposit and opens its payment if the first could not.
      if (created.provider !== 'gateway' || created.state !== 'pending') return created;
      return presentDeposit(tenant, await openGatewayPayment(app, tenant, originOf(request), member.id, created.id));
    },
  });

  apiRoute(app, 'wallet', 'payment', {
    handler: async (request) =>
      presentDeposit(request.tenant, await openGatewayPayment(app, request.tenant, originOf(request), request.auth!.member.id, request.params.id)),
  });

  apiRoute(app, 'wallet', 'list', {
    handler: async (request) => {
      const { page, pageSize, state } = request.query;
      const result = await memberDeposits(app.db.orm, request.auth!.member.id, { page, pageSize, state });
      return {
        list: result.list.map((row) => presentDeposit(request.tenant, row)),
        pageNum: page,
        pageSize,
        totalPages: Math.ceil(result.total / pageSize),
        total: result.total,
      };
    },
  });

  apiRoute(app, 'wallet', 'get', {
    handler: async (request) => presentDeposit(request.tenant, await memberDeposit(app.db.orm, request.auth!.member.id, request.params.id)),
  });

  apiRoute(app, 'wallet', 'cancel', {
    handler: async (request) => presentDeposit(request.tenant, await cancelDeposit(app.db.orm, request.auth!.member.id, request.params.id)),
  });

  apiRoute(app, 'wallet', 'reference', {
    handler: async (request) =>
      presentDeposit(request.tenant, await setReference(app.db.orm, request.auth!.member.id, request.params.id, request.body.reference)),
  });
}
