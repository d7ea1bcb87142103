/**
 * Attack: a Host header that is not a valid authority (`[bad`, `a b`, overlong, control
 * characters, a user-info part). Each is refused with 400 in the envelope, naming the header, and
 * leaves one log line without a stack; a valid host with a port still reaches its tenant.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { validAuthority } from '../../../server/lib/tenant-host';
import { loggerOptions } from '../../../server/lib/logging';
import { describeBackends } from '../helpers';

function memoryLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

const BAD_HOSTS = ['[bad', 'a b', `${'a'.repeat(300)}.localhost`, 'demo-ph.localhost:99999', 'demo-ph.localhost:8o', 'user@demo-ph.localhost', '[::1', 'demo-ph.localhost\t', 'exa%mple.com', 'demo-ph..localhost', ':8080', 'demo-ph.localhost:'];

describe('validAuthority', () => {
  it('accepts host names, IPv4 and bracketed IPv6, each with an optional port', () => {
    for (const good of ['demo-ph.localhost', 'demo-ph.localhost:8080', 'DEMO-PH.LOCALHOST', '127.0.0.1:80', '[::1]:8080', '[2001:db8::1]', 'localhost', 'example.com.']) {
      expect(validAuthority(good), good).toBe(true);
    }
  });
  it('refuses what is not an authority', () => {
    for (const bad of [...BAD_HOSTS, '', '[]', 'a:b:c']) expect(validAuthority(bad), bad).toBe(false);
  });
});

const log = memoryLog();

describeBackends(
  'attack: malformed Host headers',
  ({ server }) => {
    it('answers 400 naming the Host header, with one log line and no stack', async () => {
      const app = server().app;
      for (const host of BAD_HOSTS) {
        for (const url of ['/wps/system/startup', '/m/home', '/wps/member/info']) {
          const before = log.lines.length;
          const res = await app.inject({ method: 'GET', url, headers: { host } });
          expect([res.statusCode, host, url]).toEqual([400, host, url]);
          expect(res.json()).toEqual({ success: false, errorCode: 'validation.failed', message: 'err_validation_failed', value: { field: '/host', location: 'headers', reason: 'Host must be a host name or address with an optional port' } });
          const lines = log.lines.slice(before);
          const refusals = lines.filter((l) => l.includes('Host header refused'));
          expect(refusals, lines.join('\n')).toHaveLength(1);
          expect(lines.join('\n')).not.toMatch(/"stack"|\n\s+at /);
          expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
        }
      }
    });

    it('still serves a valid host with a port', async () => {
      const res = await server().app.inject({ method: 'GET', url: '/wps/system/startup', headers: { host: 'demo-ph.localhost:8080' } });
      expect(res.statusCode).toBe(200);
    });
  },
  { logger: loggerOptions({ level: 'info', stream: log.stream }) },
);
