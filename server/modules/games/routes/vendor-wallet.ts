import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preValidationHookHandler } from 'fastify';
import type { VendorConfig } from '../../../config';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { fieldOf } from '../../../schemas';
import { freshTimestamp, SIGNATURE_HEADER, vendorSigner, walletPublicKeyPem, type VendorSigner } from '../services/vendor-signing';
import { bet, rollback, sessionOpen, userBalance, userInfo, win, type Answer } from '../services/vendor-wallet';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent (the vendor wallet's routes: their signature is over them). */
    rawBody?: string;
  }
}

/** A refusal of the transport (signature, shape, unknown vendor): its HTTP status and protocol status. */
class TransportRefusal extends Error {
  constructor(
    readonly http: number,
    readonly answer: Answer,
  ) {
    super(answer.status);
  }
}

interface Configured {
  config: VendorConfig;
  signer: VendorSigner;
}

/**
 * The seamless wallet of outside game vendors (docs/vendor-wallet.md, schemas/api/vendor-wallet.json):
 * POST /vendor/<CODE>/..., answered whatever the Host (plugins/app/tenants.ts), with no rate limit
 * or session. Every request's signature (over the raw body, kept by this plugin's JSON parser)
 * and timestamp are checked before its shape and before any database work; every answer is
 * signed. The answers are the protocol's JSON, not the envelope.
 */
export default async function vendorWalletRoutes(app: FastifyInstance) {
  const vendors = new Map<string, Configured>();
  for (const config of Object.values(app.config.vendors)) vendors.set(config.code, { config, signer: vendorSigner(config, app.config.walletPrivateKey) });
  const publicKey = app.config.walletPrivateKey ? walletPublicKeyPem(app.config.walletPrivateKey) : null;

  // This plugin's JSON bodies keep their bytes (the parser is this plugin's only: encapsulated).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = raw;
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // Not JSON: the signature is checked first, then the shape refuses it.
    }
    done(null, parsed);
  });

  const vendorOf = (request: FastifyRequest): Configured | undefined => vendors.get((request.params as { code?: string }).code ?? '');

  const checkSignature: preValidationHookHandler = async (request) => {
    const vendor = vendorOf(request);
    if (!vendor) throw new TransportRefusal(404, { status: 'RS_ERROR_UNKNOWN' });
    const body = request.body as { timestamp?: unknown } | null;
    const signed = vendor.signer.verify(request.rawBody ?? '', request.headers[SIGNATURE_HEADER]);
    if (!signed || !freshTimestamp(body?.timestamp, Math.floor(app.config.clock() / 1000))) {
      // Logged without the body.
      request.log.warn({ vendor: vendor.config.code, reason: signed ? 'stale timestamp' : 'signature' }, 'vendor wallet request refused');
      throw new TransportRefusal(401, { status: 'RS_ERROR_INVALID_SIGNATURE' });
    }
  };

  const signAnswer: onSendHookHandler = async (request, reply, payload) => {
    const vendor = vendorOf(request);
    if (vendor && typeof payload === 'string') reply.header(SIGNATURE_HEADER, vendor.signer.sign(payload));
    return payload;
  };

  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let http = 500;
    let answer: Answer = { status: 'RS_ERROR_UNKNOWN' };
    if (error instanceof TransportRefusal) ({ http, answer } = error);
    else if (error.validation) {
      http = 400;
      answer = { status: 'RS_ERROR_WRONG_TYPES', field: fieldOf(error.validation[0] as never) };
    } else if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
      http = 400;
      answer = { status: 'RS_ERROR_WRONG_TYPES', field: '' };
    } else request.log.error({ err: error, vendor: vendorOf(request)?.config.code }, 'vendor wallet request failed');
    return reply.code(http).type('application/json').send(JSON.stringify(answer));
  };

  const hooks = { preValidation: checkSignature, onSend: signAnswer, errorHandler };
  const configOf = (request: FastifyRequest) => vendorOf(request)!.config;

  apiRoute(app, 'vendor-wallet', 'sessionOpen', { ...hooks, handler: async (request) => sessionOpen(app, configOf(request), request.body) });
  apiRoute(app, 'vendor-wallet', 'userInfo', { ...hooks, handler: async (request) => userInfo(app, configOf(request), request.body) });
  apiRoute(app, 'vendor-wallet', 'userBalance', { ...hooks, handler: async (request) => userBalance(app, configOf(request), request.body) });
  apiRoute(app, 'vendor-wallet', 'bet', { ...hooks, handler: async (request) => bet(app, configOf(request), request.body) });
  apiRoute(app, 'vendor-wallet', 'win', { ...hooks, handler: async (request) => win(app, configOf(request), request.body) });
  apiRoute(app, 'vendor-wallet', 'rollback', { ...hooks, handler: async (request) => rollback(app, configOf(request), request.body) });

  apiRoute(app, 'vendor-wallet', 'walletKey', {
    handler: async (_request, reply) => {
      if (!publicKey) throw new ApiError('not.found', 404);
      return reply.header('cache-control', 'public, max-age=300').type('application/x-pem-file').send(publicKey);
    },
  });
}
