/**
 * Finding: unknown users were hashed with a cheaper cost than real ones (27 ms vs 99 ms median),
 * so login timing told which accounts exist. Now an unknown user is checked against a dummy hash
 * made with the current parameters. Real Argon2id parameters (owasp) in this file.
 */
import { expect, it } from 'vitest';
import { hashPassword } from '../../server/lib/passwords';
import { describeBackends, login } from './helpers';

const ROUNDS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

describeBackends(
  'attack: login timing tells which accounts exist',
  ({ server }) => {
    const time = async (username: string) => {
      const started = process.hrtime.bigint();
      const { body } = await login(server().app, username, 'Wrong1234');
      expect(body.errorCode).toBe('login.failed');
      return Number(process.hrtime.bigint() - started) / 1e6;
    };

    it('answers an unknown user and a real user with a wrong password in the same time (median gap under 20%)', async () => {
      // Warm up both paths (dummy hash, statement caches).
      await time('demoplayer');
      await time('ghostplayer0');
      const unknown: number[] = [];
      const real: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        unknown.push(await time(`ghostplayer${i + 1}`));
        real.push(await time('demoplayer'));
      }
      const u = median(unknown);
      const r = median(real);
      console.log(`login timing [${server().backend}]: unknown user ${u.toFixed(1)} ms, real user (wrong password) ${r.toFixed(1)} ms (median of ${ROUNDS})`);
      expect(r).toBeGreaterThan(5); // real Argon2id, not the test cost
      expect(Math.abs(u - r) / r).toBeLessThan(0.2);
    });

    it('does not tell that a reset e-mail is pending: a wrong password costs the same with or without one', async () => {
      const app = server().app;
      const member = await app.repos.members.byUsername('demoph01', 'demoteam2');
      await app.repos.members.setTempPassword(member!.id, await hashPassword('tempab123456', 'owasp'), new Date(Date.now() + 30 * 60_000));
      await time('demoteam2');
      await time('demoteam1');
      const pending: number[] = [];
      const none: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        pending.push(await time('demoteam2'));
        none.push(await time('demoteam1'));
      }
      const p = median(pending);
      const n = median(none);
      console.log(`login timing [${server().backend}]: reset pending ${p.toFixed(1)} ms, none ${n.toFixed(1)} ms (median of ${ROUNDS})`);
      expect(Math.abs(p - n) / n).toBeLessThan(0.2);
    });
  },
  // The throttle would ask for captchas and add delays: out of the way for a timing measurement.
  { passwordHashing: 'owasp', limits: { loginFailures: { max: 10_000, windowMs: 60_000 } } },
);
