import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openDatabase, rows } from '../../../server/db/client';
import { isLoopbackHost, WebhookProvider } from '../../../server/providers/webhook';
import { call, describeBackends, dropSchema, freshSchemaName, PG_URL, postgresAvailable } from '../helpers';

describeBackends('readiness', ({ server }) => {
  it('answers 200 when the database answers, for any Host', async () => {
    const { app } = server();
    const res = await call(app, 'GET', '/wps/system/ready', { host: 'lb-probe.internal' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: true });
  });

  it('answers 503 with an errorCode when the database fails or does not answer in time', async () => {
    const { app } = server();
    const execute = vi.spyOn(app.db.orm, 'execute');
    try {
      execute.mockImplementationOnce(() => Promise.reject(new Error('connection refused')) as never);
      const failed = await call(app, 'GET', '/wps/system/ready');
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ success: false, errorCode: 'site.unavailable' });

      // A read that never settles: only the check's own time-out can answer (no wall-clock
      // assertion; without the time-out this call would never return).
      execute.mockImplementationOnce(() => new Promise(() => {}) as never);
      const hung = await call(app, 'GET', '/wps/system/ready');
      expect(hung.status).toBe(503);
    } finally {
      execute.mockRestore();
    }
    expect((await call(app, 'GET', '/wps/system/ready')).status).toBe(200);
  });
});

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('message webhook', () => {
  let gateway: Server;
  let base: string;
  const received: Received[] = [];
  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/redirect') {
          res.writeHead(307, { location: '/elsewhere' }).end();
        } else if (req.url === '/hang') {
          // never answers
        } else if (req.url === '/fail') {
          res.writeHead(500).end();
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  const message = { channel: 'sms' as const, to: '+639170000001', text: 'Your code is 123456', merchantCode: 'demoph01' };

  it('signs the body with HMAC-SHA256 over timestamp and body', async () => {
    received.length = 0;
    await new WebhookProvider(`${base}/sms`, 'gateway-secret').send(message);
    const [req] = received;
    expect(JSON.parse(req.body)).toEqual(message);
    const timestamp = String(req.headers['x-signature-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
    const expected = `sha256=${createHmac('sha256', 'gateway-secret').update(`${timestamp}.${req.body}`).digest('hex')}`;
    expect(req.headers['x-signature']).toBe(expected);
    // Another secret does not verify.
    expect(createHmac('sha256', 'other').update(`${timestamp}.${req.body}`).digest('hex')).not.toBe(expected.slice(7));
  });

  it('does not follow a redirect (the code must not travel on), and a 3xx is a failure', async () => {
    received.length = 0;
    await expect(new WebhookProvider(`${base}/redirect`, 's').send(message)).rejects.toThrow(/redirect \(307\)/);
    expect(received.map((r) => r.url)).toEqual(['/redirect']);
  });

  it('fails on an error status and on a gateway that does not answer in time', async () => {
    await expect(new WebhookProvider(`${base}/fail`, 's').send(message)).rejects.toThrow(/answered 500/);
    await expect(new WebhookProvider(`${base}/hang`, 's', 300).send(message)).rejects.toThrow(/timeout|aborted/i);
  });

  it('needs https except to a loopback host, and a secret', () => {
    expect(() => new WebhookProvider('http://gateway.example.com/sms', 's')).toThrow(/must be https/);
    expect(() => new WebhookProvider('http://10.0.0.5/sms', 's')).toThrow(/must be https/);
    expect(() => new WebhookProvider('http://127.0.0.1.example.com/sms', 's')).toThrow(/must be https/);
    expect(() => new WebhookProvider('https://gateway.example.com/sms', '')).toThrow(/MESSAGE_WEBHOOK_SECRET/);
    expect(new WebhookProvider('https://gateway.example.com/sms', 's').name).toBe('webhook');
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]']) {
      expect(() => new WebhookProvider(`http://${host}:9000/sms`, 's')).not.toThrow();
    }
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});

describe.skipIf(!postgresAvailable)('PostgreSQL pool errors', () => {
  it('logs an idle connection that the server drops, instead of swallowing it', async () => {
    const schema = freshSchemaName();
    const log = { error: vi.fn(), warn: vi.fn() };
    const db = await openDatabase({ pgUrl: PG_URL, schema }, undefined, log);
    try {
      const [{ pid }] = await rows<{ pid: number }>(db.orm, sql`SELECT pg_backend_pid() AS pid`);
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringContaining('database pool error')));
      // The pool replaces the connection.
      expect(await rows(db.orm, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      await dropSchema(schema);
    }
  });
});
