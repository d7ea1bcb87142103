/**
 * A small seamless wallet written from docs/vendor-wallet.md for the conformance kit's own tests:
 * a Fastify server on its own port, members and transactions in memory, and a switch per rule to
 * turn that rule off (the kit's case for the rule must then fail).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { MAX_SKEW_SECONDS, SIGNATURE_HEADER, sign, type Signing, verify } from '../../reference/vendor-protocol/protocol';

/** The rules the model keeps; each can be turned off. */
export const RULES = [
  /** A request without a valid signature is refused (401). */
  'signature',
  /** A request whose timestamp is more than 300 s off is refused (401). */
  'timestamp',
  /** Answers carry the wallet's signature. */
  'signedAnswers',
  /** A launch token opens one session. */
  'oneTimeLaunch',
  /** user/info answers only the protocol's fields. */
  'noPersonalData',
  /** A bet debits its stake. */
  'betDebits',
  /** A win credits its amount. */
  'winCredits',
  /** The same request_uuid gets the first answer again. */
  'requestReplay',
  /** A transaction_uuid is processed once. */
  'transactionOnce',
  /** The same transaction_uuid with other terms is refused. */
  'duplicateRefused',
  /** Checking a transaction_uuid and recording it are one step (no await between). */
  'atomic',
  /** A win for an unknown bet is refused. */
  'unknownBetRefused',
  /** A bet is rolled back once. */
  'rollbackOnce',
  /** A rollback of a win debits it. */
  'rollbackOfWinDebits',
  /** A win for a rolled-back bet is refused. */
  'winAfterRollbackRefused',
  /** A rollback before its bet is kept and refuses the late bet. */
  'earlyRollbackKept',
  /** A stake above the balance is refused. */
  'enoughMoney',
  /** A bet or win in another currency is refused. */
  'currency',
  /** A game not of the vendor is refused. */
  'game',
  /** An unknown token is refused. */
  'token',
  /** A body not of the endpoint's shape answers 400 with the field. */
  'types',
  /** An expired session refuses bets and balance calls. */
  'expiryOnBets',
  /** An expired session still takes wins and rollbacks. */
  'noExpiryOnWins',
  /** A wager limit refuses a stake above it. */
  'wagerLimit',
  /** A self-excluded member's bet is refused. */
  'selfExclusion',
] as const;
export type Rule = (typeof RULES)[number];

interface Member {
  user: string;
  balance: number;
  currency: string;
  wagered: number;
  wagerLimit?: number;
  excluded?: boolean;
}

interface Transaction {
  kind: 'bet' | 'win' | 'rollback';
  user: string;
  amount: number;
  round: string;
  game: string;
  reference?: string;
  rolledBack?: boolean;
}

type Body = Record<string, unknown>;
type Answer = { http?: number } & Body;

export interface ModelWallet {
  /** The base for the vendor MODEL, e.g. http://127.0.0.1:1234/vendor/MODEL. */
  base: string;
  /** The vendor's side of the signing (what the kit is given). */
  vendorSigning: Signing;
  /** The vendor's private key and the wallet's public key (rsa), or the secret (hmac), as files would hold them. */
  vendorKeyPem?: string;
  walletPublicKeyPem?: string;
  secret?: string;
  games: string[];
  addMember(o?: { balance?: number; currency?: string; wagerLimit?: number; excluded?: boolean }): string;
  launchToken(user: string, game?: string): string;
  expire(sessionToken: string): void;
  balanceOf(user: string): number;
  close(): Promise<void>;
}

const FIELDS: Record<string, [string, 'string' | 'integer' | 'amount' | 'boolean'][]> = {
  'session/open': [['token', 'string']],
  'user/info': [['user', 'string']],
  'user/balance': [
    ['user', 'string'],
    ['token', 'string'],
    ['game_code', 'string'],
  ],
  'transaction/bet': [
    ['user', 'string'],
    ['token', 'string'],
    ['transaction_uuid', 'string'],
    ['round', 'string'],
    ['game_code', 'string'],
    ['currency', 'string'],
    ['amount', 'amount'],
  ],
  'transaction/win': [
    ['user', 'string'],
    ['token', 'string'],
    ['transaction_uuid', 'string'],
    ['reference_transaction_uuid', 'string'],
    ['round', 'string'],
    ['round_closed', 'boolean'],
    ['game_code', 'string'],
    ['currency', 'string'],
    ['amount', 'amount'],
  ],
  'transaction/rollback': [
    ['user', 'string'],
    ['token', 'string'],
    ['transaction_uuid', 'string'],
    ['reference_transaction_uuid', 'string'],
    ['round', 'string'],
    ['game_code', 'string'],
  ],
};

function wrongField(endpoint: string, body: Body): string | null {
  const fields: [string, 'string' | 'integer' | 'amount' | 'boolean'][] = [['request_uuid', 'string'], ['timestamp', 'integer'], ...FIELDS[endpoint]];
  for (const [name, type] of fields) {
    const v = body[name];
    const ok =
      type === 'string' ? typeof v === 'string' && v.length > 0 : type === 'boolean' ? typeof v === 'boolean' : Number.isSafeInteger(v) && (type === 'integer' || (v as number) >= 0);
    if (!ok) return `/${name}`;
  }
  return null;
}

export async function startModelWallet(o: { signing?: 'rsa' | 'hmac'; off?: Rule[] } = {}): Promise<ModelWallet> {
  const on = (rule: Rule) => !(o.off ?? []).includes(rule);
  const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  let walletSigning: Signing;
  let vendorSigning: Signing;
  const keys: Pick<ModelWallet, 'vendorKeyPem' | 'walletPublicKeyPem' | 'secret'> = {};
  if (o.signing === 'hmac') {
    const secret = randomUUID() + randomUUID();
    walletSigning = vendorSigning = { kind: 'hmac', secret };
    keys.secret = secret;
  } else {
    const wallet = keyPair();
    const vendor = keyPair();
    walletSigning = { kind: 'rsa', privateKey: wallet.privateKey, peerPublicKey: vendor.publicKey };
    vendorSigning = { kind: 'rsa', privateKey: vendor.privateKey, peerPublicKey: wallet.publicKey };
    keys.vendorKeyPem = vendor.privateKey;
    keys.walletPublicKeyPem = wallet.publicKey;
  }

  const games = ['model-slots', 'model-cards'];
  const members = new Map<string, Member>();
  const launchTokens = new Map<string, { user: string; game: string; used: boolean }>();
  const sessions = new Map<string, { user: string; game: string; expired: boolean }>();
  const transactions = new Map<string, Transaction>();
  /** Bets rolled back before they arrived. */
  const rolledBackEarly = new Set<string>();
  const answered = new Map<string, string>();

  const app: FastifyInstance = Fastify({ logger: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));

  function send(reply: FastifyReply, answer: Answer, requestUuid?: string, remember = false): FastifyReply {
    const { http = 200, ...body } = answer;
    const raw = JSON.stringify(requestUuid === undefined ? body : { ...body, request_uuid: requestUuid });
    if (remember && requestUuid !== undefined) answered.set(requestUuid, raw);
    return sendRaw(reply, http, raw);
  }
  function sendRaw(reply: FastifyReply, http: number, raw: string): FastifyReply {
    reply.code(http).header('content-type', 'application/json');
    if (on('signedAnswers')) reply.header(SIGNATURE_HEADER, sign(walletSigning, raw));
    return reply.send(raw);
  }

  const balanceAnswer = (m: Member, status = 'RS_OK'): Answer => ({ status, user: m.user, currency: m.currency, balance: m.balance });

  /** The member of a token, or the refusal. */
  function sessionOf(body: Body, refuseExpired: boolean): Member | Answer {
    const session = sessions.get(body.token as string);
    const member = members.get(body.user as string);
    if (!member) return { status: 'RS_ERROR_INVALID_TOKEN' };
    if (!session || session.user !== member.user) {
      if (on('token')) return { status: 'RS_ERROR_INVALID_TOKEN' };
      return member;
    }
    if (session.expired && refuseExpired) return { status: 'RS_ERROR_TOKEN_EXPIRED' };
    return member;
  }
  const isMember = (x: Member | Answer): x is Member => typeof (x as Member).balance === 'number' && typeof (x as Member).wagered === 'number';

  /** A transaction_uuid seen before: the repeat's answer, or null to process it (anew). */
  function repeatOf(uuid: string, t: Transaction, member: Member): Answer | null {
    const before = transactions.get(uuid);
    if (!before || !on('transactionOnce')) return null;
    const same = before.kind === t.kind && before.user === t.user && before.amount === t.amount && before.round === t.round && before.game === t.game && before.reference === t.reference;
    if (!same && on('duplicateRefused')) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
    return balanceAnswer(member);
  }

  const handlers: Record<string, (body: Body) => Promise<Answer>> = {
    async 'session/open'(body) {
      const launch = launchTokens.get(body.token as string);
      if (!launch || (launch.used && on('oneTimeLaunch'))) return { status: 'RS_ERROR_INVALID_TOKEN' };
      launch.used = true;
      const m = members.get(launch.user)!;
      const token = randomUUID();
      sessions.set(token, { user: m.user, game: launch.game, expired: false });
      return { status: 'RS_OK', token, user: m.user, currency: m.currency, country: 'PH', lang: 'EN', display_name: 'Player', balance: m.balance, game_code: launch.game };
    },
    async 'user/info'(body) {
      const m = members.get(body.user as string);
      if (!m) return { status: 'RS_ERROR_INVALID_TOKEN' };
      const personal = on('noPersonalData') ? {} : { email: 'player@example.com', phone: '+639170000000' };
      return { status: 'RS_OK', user: m.user, currency: m.currency, country: 'PH', lang: 'EN', display_name: 'Player', registered_at: '2026-01-01T00:00:00Z', verified: true, is_test: true, ...personal };
    },
    async 'user/balance'(body) {
      const m = sessionOf(body, on('expiryOnBets'));
      if (!isMember(m)) return m;
      if (!games.includes(body.game_code as string) && on('game')) return { status: 'RS_ERROR_INVALID_GAME' };
      return balanceAnswer(m);
    },
    async 'transaction/bet'(body) {
      const m = sessionOf(body, on('expiryOnBets'));
      if (!isMember(m)) return m;
      if (!games.includes(body.game_code as string) && on('game')) return { status: 'RS_ERROR_INVALID_GAME' };
      if (body.currency !== m.currency && on('currency')) return { status: 'RS_ERROR_WRONG_CURRENCY' };
      const uuid = body.transaction_uuid as string;
      const t: Transaction = { kind: 'bet', user: m.user, amount: body.amount as number, round: body.round as string, game: body.game_code as string };
      if (rolledBackEarly.has(uuid) && on('earlyRollbackKept')) return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
      const repeat = repeatOf(uuid, t, m);
      if (repeat) return repeat;
      if (!on('atomic')) await sleep(20);
      if (m.excluded && on('selfExclusion')) return { status: 'RS_ERROR_USER_DISABLED', reason: 'excluded' };
      if (m.wagerLimit !== undefined && m.wagered + t.amount > m.wagerLimit && on('wagerLimit')) return { status: 'RS_ERROR_LIMIT_REACHED', reason: 'wager' };
      if (t.amount > m.balance && on('enoughMoney')) return balanceAnswer(m, 'RS_ERROR_NOT_ENOUGH_MONEY');
      transactions.set(uuid, t);
      if (on('betDebits')) m.balance -= t.amount;
      m.wagered += t.amount;
      return balanceAnswer(m);
    },
    async 'transaction/win'(body) {
      const m = sessionOf(body, !on('noExpiryOnWins'));
      if (!isMember(m)) return m;
      if (!games.includes(body.game_code as string) && on('game')) return { status: 'RS_ERROR_INVALID_GAME' };
      if (body.currency !== m.currency && on('currency')) return { status: 'RS_ERROR_WRONG_CURRENCY' };
      const uuid = body.transaction_uuid as string;
      const reference = body.reference_transaction_uuid as string;
      const t: Transaction = { kind: 'win', user: m.user, amount: body.amount as number, round: body.round as string, game: body.game_code as string, reference };
      const repeat = repeatOf(uuid, t, m);
      if (repeat) return repeat;
      const bet = transactions.get(reference);
      if ((!bet || bet.kind !== 'bet' || bet.user !== m.user) && on('unknownBetRefused')) return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
      if (bet?.rolledBack && on('winAfterRollbackRefused')) return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
      transactions.set(uuid, t);
      if (on('winCredits')) m.balance += t.amount;
      return balanceAnswer(m);
    },
    async 'transaction/rollback'(body) {
      const m = sessionOf(body, !on('noExpiryOnWins'));
      if (!isMember(m)) return m;
      const uuid = body.transaction_uuid as string;
      const reference = body.reference_transaction_uuid as string;
      const t: Transaction = { kind: 'rollback', user: m.user, amount: 0, round: body.round as string, game: body.game_code as string, reference };
      const repeat = repeatOf(uuid, t, m);
      if (repeat) return repeat;
      const target = transactions.get(reference);
      if (!target || target.user !== m.user) {
        if (!on('earlyRollbackKept')) return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
        rolledBackEarly.add(reference);
        transactions.set(uuid, t);
        return balanceAnswer(m);
      }
      transactions.set(uuid, t);
      if (target.rolledBack && on('rollbackOnce')) return balanceAnswer(m);
      target.rolledBack = true;
      if (target.kind === 'bet') m.balance += target.amount;
      else if (target.kind === 'win' && on('rollbackOfWinDebits')) m.balance -= Math.min(target.amount, m.balance);
      return balanceAnswer(m);
    },
  };

  for (const endpoint of Object.keys(handlers)) {
    app.post(`/vendor/MODEL/${endpoint}`, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (on('signature') && !verify(walletSigning, raw, typeof signature === 'string' ? signature : undefined)) return send(reply, { http: 401, status: 'RS_ERROR_INVALID_SIGNATURE' });
      let body: Body;
      try {
        body = JSON.parse(raw) as Body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch {
        return send(reply, { http: 400, status: 'RS_ERROR_WRONG_TYPES', field: '' });
      }
      const field = wrongField(endpoint, body);
      if (field !== null) return send(reply, on('types') ? { http: 400, status: 'RS_ERROR_WRONG_TYPES', field } : { status: 'RS_ERROR_UNKNOWN' });
      if (on('timestamp') && Math.abs(Date.now() / 1000 - (body.timestamp as number)) > MAX_SKEW_SECONDS) return send(reply, { http: 401, status: 'RS_ERROR_INVALID_SIGNATURE' });
      const requestUuid = body.request_uuid as string;
      const before = answered.get(requestUuid);
      if (before !== undefined && on('requestReplay') && endpoint !== 'user/balance') return sendRaw(reply, 200, before);
      return send(reply, await handlers[endpoint](body), requestUuid, endpoint !== 'user/balance');
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  return {
    base: `http://127.0.0.1:${port}/vendor/MODEL`,
    vendorSigning,
    ...keys,
    games,
    addMember(m = {}) {
      const user = `m-${randomUUID()}`;
      members.set(user, { user, balance: m.balance ?? 100_000, currency: m.currency ?? 'PHP', wagered: 0, wagerLimit: m.wagerLimit, excluded: m.excluded });
      return user;
    },
    launchToken(user, game = games[0]) {
      const token = randomUUID();
      launchTokens.set(token, { user, game, used: false });
      return token;
    },
    expire(sessionToken) {
      const session = sessions.get(sessionToken);
      if (!session) throw new Error('no such session');
      session.expired = true;
    },
    balanceOf(user) {
      return members.get(user)!.balance;
    },
    close: () => app.close(),
  };
}
