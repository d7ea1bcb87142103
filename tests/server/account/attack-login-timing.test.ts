/**
 * Finding: unknown users were hashed with a cheaper cost than real ones (27 ms vs 99 ms median),
 * so login timing told which accounts exist. Now an unknown user is checked against a dummy hash
 * made with the current parameters. Real Argon2id parameters (owasp) in this file.
 *
 * The time of a failed login is the Argon2id work it does: this file counts that work (every
 * hash and verification, with the memory, passes and lanes of the hash it runs on) instead of
 * timing it, so a loaded machine cannot make it pass or fail.
 */
import { expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { hashPassword } from '../../../server/lib/passwords';
import { describeBackends, login } from '../helpers';

/** Argon2id operations run since the last `take()`: `verify m=19456,t=2,p=1`, `hash m=...`. */
const argon = vi.hoisted(() => {
  const ops: string[] = [];
  return {
    ops,
    take: () => ops.splice(0, ops.length),
  };
});

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const params = (encoded: string) => /\$(m=\d+,t=\d+,p=\d+)\$/.exec(encoded)?.[1] ?? 'unreadable';
  return {
    ...real,
    verify: async (hashed: string, password: string, ...rest: unknown[]) => {
      argon.ops.push(`verify ${params(hashed)}`);
      return (real.verify as (...args: unknown[]) => Promise<boolean>)(hashed, password, ...rest);
    },
    hash: async (password: string, options?: { memoryCost?: number; timeCost?: number; parallelism?: number }, ...rest: unknown[]) => {
      argon.ops.push(`hash m=${options?.memoryCost},t=${options?.timeCost},p=${options?.parallelism}`);
      return (real.hash as (...args: unknown[]) => Promise<string>)(password, options, ...rest);
    },
  };
});

const ROUNDS = 5;
/** OWASP's Argon2id minimum, the parameters of this file's server. */
const OWASP = 'm=19456,t=2,p=1';

describeBackends(
  'attack: login timing tells which accounts exist',
  ({ server }) => {
    /** The Argon2id work of one failed login. */
    const work = async (username: string) => {
      argon.take();
      const { body } = await login(server().app, username, 'Wrong1234');
      expect(body.errorCode).toBe('login.failed');
      return argon.take();
    };

    it('answers an unknown user and a real user with a wrong password with the same hashing work', async () => {
      // Warm up both paths (the dummy hash is made once, at the first unknown user).
      await work('demoplayer');
      await work('ghostplayer0');
      for (let i = 0; i < ROUNDS; i++) {
        const unknown = await work(`ghostplayer${i + 1}`);
        const real = await work('demoplayer');
        // Real Argon2id, not the test cost: the stored password and the (dummy) temporary one.
        expect(real).toEqual([`verify ${OWASP}`, `verify ${OWASP}`]);
        expect(unknown).toEqual(real);
      }
    });

    it('does not tell that a reset e-mail is pending: a wrong password costs the same with or without one', async () => {
      const app = server().app;
      const member = await app.repos.members.byUsername('demoph01', 'demoteam2');
      await app.repos.members.setTempPassword(member!.id, await hashPassword('tempab123456', 'owasp'), new Date(Date.now() + 30 * 60_000));
      await work('demoteam2');
      await work('demoteam1');
      for (let i = 0; i < ROUNDS; i++) {
        const pending = await work('demoteam2');
        const none = await work('demoteam1');
        expect(pending).toEqual([`verify ${OWASP}`, `verify ${OWASP}`]);
        expect(none).toEqual(pending);
      }
    });
  },
  // The throttle would ask for captchas and add delays: every attempt must reach the password check.
  { passwordHashing: 'owasp', limits: { loginFailures: { max: 10_000, windowMs: 60_000 } } },
);
