/**
 * A test double of the platform's seamless wallet (docs/vendor-wallet.md), its own Fastify server
 * on its own port: it checks each request's signature and timestamp, keeps members' balances and
 * the transactions by uuid (a repeat moves nothing, a rollback before its bet is kept), signs its
 * answers, and can be told to misbehave on the next calls of an endpoint: drop the connection
 * before or after doing the work, answer RS_ERROR_UNKNOWN, answer unsigned or with a forged body,
 * or answer (signed) another request's answer. RSA keys by default, or a shared HMAC secret.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_SKEW_SECONDS, sign, SIGNATURE_HEADER, verify, type Endpoint, type Signing } from '../../reference/vendor-protocol/protocol';

export type Fault = 'drop-before' | 'drop-after' | 'unknown' | 'unsigned' | 'forged' | 'other-request';

interface Tx {
  kind: 'bet' | 'win' | 'rollback';
  user: string;
  amount: number;
  round: string;
  game: string;
  ref: string | null;
  rolledBack: boolean;
}

export interface WalletDouble {
  app: FastifyInstance;
  /** The wallet base for the vendor, e.g. http://127.0.0.1:1234/vendor/REFGAMES. */
  url: string;
  /** RefGames' signing settings (its private key, the wallet's public key). */
  vendorSigning: Signing;
  balances: Map<string, number>;
  transactions: Map<string, Tx>;
  /** Every request that reached the wallet (signed or not), in order. */
  received: { endpoint: string; body: Record<string, unknown>; signed: boolean }[];
  faults: Partial<Record<Endpoint, Fault[]>>;
  /** A one-time launch token for a member (made with `balance` if new). */
  launchToken(user: string, balance?: number): string;
}

function keyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
}

/** Key pairs are slow to make: one pair per side for the whole test process. */
let keys: { vendor: ReturnType<typeof keyPair>; wallet: ReturnType<typeof keyPair>; other: ReturnType<typeof keyPair> } | undefined;

export async function startWalletDouble(options: { currency?: string; hmacSecret?: string } = {}): Promise<WalletDouble> {
  const currency = options.currency ?? 'PHP';
  keys ??= { vendor: keyPair(), wallet: keyPair(), other: keyPair() };
  const hmac: Signing | null = options.hmacSecret ? { kind: 'hmac', secret: options.hmacSecret } : null;
  const walletSigning: Signing = hmac ?? { kind: 'rsa', privateKey: keys.wallet.privateKey, peerPublicKey: keys.vendor.publicKey };
  const forger: Signing = hmac ? { kind: 'hmac', secret: `${options.hmacSecret}-guessed` } : { kind: 'rsa', privateKey: keys.other.privateKey, peerPublicKey: keys.vendor.publicKey };
  const balances = new Map<string, number>();
  const launchTokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  const answered = new Map<string, string>();
  const transactions = new Map<string, Tx>();
  const rolledBackBefore = new Set<string>();
  const received: WalletDouble['received'] = [];
  const faults: WalletDouble['faults'] = {};

  const app = Fastify({ logger: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));

  const handle = (endpoint: string, b: Record<string, unknown>): Record<string, unknown> => {
    const user = typeof b.user === 'string' ? b.user : '';
    const balanceOf = () => balances.get(user) ?? 0;
    const answer = (status: string, extra: Record<string, unknown> = {}) => ({ status, request_uuid: b.request_uuid, ...extra });
    const money = () => answer('RS_OK', { user, currency, balance: balanceOf() });
    switch (endpoint) {
      case 'session/open': {
        const owner = launchTokens.get(String(b.token));
        if (!owner) return answer('RS_ERROR_INVALID_TOKEN');
        launchTokens.delete(String(b.token));
        const token = randomUUID();
        sessions.set(token, owner);
        return answer('RS_OK', { token, user: owner, currency, country: 'PH', lang: 'EN', display_name: 'Demo', balance: balances.get(owner), game_code: '' });
      }
      case 'user/balance':
        if (sessions.get(String(b.token)) !== user) return answer('RS_ERROR_INVALID_TOKEN');
        return money();
      case 'transaction/bet':
      case 'transaction/win':
      case 'transaction/rollback': {
        if (sessions.get(String(b.token)) !== user) return answer('RS_ERROR_INVALID_TOKEN');
        const kind = endpoint.slice('transaction/'.length) as Tx['kind'];
        const uuid = String(b.transaction_uuid);
        const tx: Tx = { kind, user, amount: Number(b.amount ?? 0), round: String(b.round), game: String(b.game_code), ref: (b.reference_transaction_uuid as string) ?? null, rolledBack: false };
        const seen = transactions.get(uuid);
        if (seen) {
          const same = seen.kind === tx.kind && seen.user === tx.user && seen.amount === tx.amount && seen.round === tx.round && seen.game === tx.game && seen.ref === tx.ref;
          return same ? money() : answer('RS_ERROR_DUPLICATE_TRANSACTION');
        }
        if (kind === 'bet') {
          if (rolledBackBefore.has(uuid)) return answer('RS_ERROR_TRANSACTION_ROLLED_BACK');
          if (b.currency !== currency) return answer('RS_ERROR_WRONG_CURRENCY');
          if (balanceOf() < tx.amount) return answer('RS_ERROR_NOT_ENOUGH_MONEY', { balance: balanceOf() });
          balances.set(user, balanceOf() - tx.amount);
        }
        if (kind === 'win') {
          const bet = transactions.get(tx.ref ?? '');
          if (!bet || bet.kind !== 'bet') return answer('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
          if (bet.rolledBack) return answer('RS_ERROR_TRANSACTION_ROLLED_BACK');
          balances.set(user, balanceOf() + tx.amount);
        }
        if (kind === 'rollback') {
          const undone = transactions.get(tx.ref ?? '');
          if (!undone) rolledBackBefore.add(tx.ref ?? '');
          else if (!undone.rolledBack) {
            undone.rolledBack = true;
            balances.set(user, undone.kind === 'bet' ? balanceOf() + undone.amount : Math.max(balanceOf() - undone.amount, 0));
          }
        }
        transactions.set(uuid, tx);
        return money();
      }
      default:
        return answer('RS_ERROR_UNKNOWN');
    }
  };

  app.post<{ Params: { '*': string }; Body: string }>('/vendor/REFGAMES/*', async (request, reply) => {
    const endpoint = request.params['*'];
    const raw = request.body;
    const signed = verify(walletSigning, raw, request.headers[SIGNATURE_HEADER] as string | undefined);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // Not JSON: refused below.
    }
    received.push({ endpoint, body, signed });
    const send = (code: number, payload: Record<string, unknown>, how: Fault | null = null) => {
      let text = JSON.stringify(payload);
      if (how === 'other-request') text = JSON.stringify({ ...payload, request_uuid: randomUUID(), balance: 99_999_999 });
      let signature: string | null = sign(walletSigning, text);
      if (how === 'unsigned') signature = null;
      if (how === 'forged') {
        // A body someone else signed, claiming more money than the wallet holds.
        text = JSON.stringify({ ...payload, balance: 99_999_999 });
        signature = sign(forger, text);
      }
      reply.code(code).type('application/json');
      if (signature) reply.header(SIGNATURE_HEADER, signature);
      return reply.send(text);
    };
    if (!signed || typeof body.timestamp !== 'number' || Math.abs(Date.now() / 1000 - body.timestamp) > MAX_SKEW_SECONDS) return send(401, { status: 'RS_ERROR_INVALID_SIGNATURE' });
    const fault = faults[endpoint as Endpoint]?.shift() ?? null;
    if (fault === 'drop-before') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (fault === 'unknown') return send(200, { status: 'RS_ERROR_UNKNOWN', request_uuid: body.request_uuid });
    const uuid = String(body.request_uuid);
    let text = answered.get(uuid);
    if (text === undefined || endpoint === 'user/balance') {
      text = JSON.stringify(handle(endpoint, body));
      answered.set(uuid, text);
    }
    if (fault === 'drop-after') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    return send(200, JSON.parse(text) as Record<string, unknown>, fault);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    url: `http://127.0.0.1:${port}/vendor/REFGAMES`,
    vendorSigning: hmac ?? { kind: 'rsa', privateKey: keys.vendor.privateKey, peerPublicKey: keys.wallet.publicKey },
    balances,
    transactions,
    received,
    faults,
    launchToken(user: string, balance = 100_000) {
      if (!balances.has(user)) balances.set(user, balance);
      const token = randomUUID();
      launchTokens.set(token, user);
      return token;
    },
  };
}
