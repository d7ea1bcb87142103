import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

export interface CaptchaAnswer {
  captcha?: string;
  captchaId?: string;
}

/** Checks a captcha answer (single use). Missing: captcha.required; wrong: captcha.invalid. */
export async function requireCaptcha(app: FastifyInstance, answer: CaptchaAnswer): Promise<void> {
  if (!answer.captcha || !answer.captchaId) throw new ApiError('captcha.required', 400, { captcha: true });
  const ok = /^[0-9]{1,16}$/.test(answer.captcha) && (await app.repos.captchas.verify(answer.captchaId, answer.captcha));
  if (!ok) throw new ApiError('captcha.invalid', 400, { captcha: true });
}

/**
 * Failed-login bookkeeping shared by all instances: after `loginFailures.max` failures for a
 * username or for an IP within the window, every further login for it needs a captcha.
 */
export class LoginGuard {
  private readonly keys: string[];

  constructor(
    private readonly app: FastifyInstance,
    merchantCode: string,
    username: string,
    private readonly ip: string,
  ) {
    this.keys = [`loginfail:user:${merchantCode}:${username.toLowerCase()}`, `loginfail:ip:${ip}`];
  }

  /**
   * Per-account limit on failures, against guessing spread over many IPs (even with captchas).
   * Successes do not count: a member may log in from many devices.
   */
  async checkAccountLimit(): Promise<void> {
    const failures = await this.app.repos.counters.peek(this.keys[0]);
    if (failures >= this.app.config.limits.loginPerAccount.max) throw new ApiError('rate.limited', 429);
  }

  async captchaNeeded(): Promise<boolean> {
    const counts = await Promise.all(this.keys.map((k) => this.app.repos.counters.peek(k)));
    return Math.max(...counts) >= this.app.config.limits.loginFailures.max;
  }

  /** Records a failure; true when the next attempt will need a captcha. */
  async fail(): Promise<boolean> {
    const { max, windowMs } = this.app.config.limits.loginFailures;
    const states = await Promise.all(this.keys.map((k) => this.app.repos.counters.hit(k, windowMs)));
    return Math.max(...states.map((s) => s.count)) >= max;
  }

  /** A success clears the username's failures (not the IP's: one good account must not unlock guessing others). */
  async succeed(): Promise<void> {
    await this.app.repos.counters.reset(this.keys[0]);
  }
}
