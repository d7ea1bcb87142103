import { setTimeout as sleep } from 'node:timers/promises';
import type { Platform } from '../../../platform';
import { ApiError } from '../../../errors';

export interface CaptchaAnswer {
  captcha?: string;
  captchaId?: string;
}

/** Checks a captcha answer (single use). Missing: captcha.required; wrong: captcha.invalid. */
export async function requireCaptcha(platform: Platform, answer: CaptchaAnswer): Promise<void> {
  if (!answer.captcha || !answer.captchaId) throw new ApiError('captcha.required', 400, { captcha: true });
  const ok = /^[0-9]{1,16}$/.test(answer.captcha) && (await platform.repos.captchas.verify(answer.captchaId, answer.captcha));
  if (!ok) throw new ApiError('captcha.invalid', 400, { captcha: true });
}

/**
 * The waits the guard has applied in this process: how many, and the last one's length in ms
 * (counted once the wait is over, before the password is checked). Like `passwordChecks`, read
 * by the tests to see that a failed login is slowed, and by how much, without timing it.
 */
export const loginWaits = { count: 0, lastMs: 0 };

/** Who a login attempt is for: a member (whatever spelling was typed), or the typed text. */
export type LoginSubject = { memberId: number } | { text: string };

/**
 * Login throttle shared by all instances (counters in the database). Two budgets: the member's
 * (username and mobile number count together; an unknown name counts on its normalised text)
 * and the IP's.
 *
 * `begin` counts the attempt before any password is looked at: one upsert per key returns the
 * count including this attempt, so racing requests each get their own number. The first
 * `loginFailures.max` attempts of a window go through without a captcha; from then on each one
 * needs a solved captcha, so however many requests race, at most `max` passwords are checked
 * without one. Past the threshold, an attempt for the member waits before its password is
 * checked, twice as long with each failure (`loginDelay.baseMs`, capped at `loginDelay.maxMs`):
 * guessing gets slow, and the owner is delayed, never refused; a right password with a solved
 * captcha always gets in.
 *
 * The counters hold failures plus attempts in flight: an attempt refused for its captcha (no
 * password checked) and a success give their count back; a success also clears the member's.
 */
export class LoginGuard {
  private readonly subjectKey: string;
  private readonly ipKey: string;
  private counted = false;
  private highest = 0;

  constructor(
    private readonly platform: Platform,
    merchantCode: string,
    subject: LoginSubject,
    ip: string,
  ) {
    this.subjectKey = 'memberId' in subject ? `login:member:${subject.memberId}` : `login:name:${merchantCode}:${subject.text}`;
    this.ipKey = `login:ip:${ip}`;
  }

  /** The normalised form of a typed username or number, for counting unknown names. */
  static normalise(typed: string): string {
    return typed.trim().toLowerCase();
  }

  /**
   * Counts the attempt; demands a captcha past the threshold (the count is given back when it
   * is missing or wrong) and waits the member's delay. Then the password may be checked.
   * Resolves true when it waited.
   */
  async begin(answer: CaptchaAnswer): Promise<boolean> {
    const { max, windowMs } = this.platform.config.limits.loginFailures;
    const counters = this.platform.repos.counters;
    const [subject, ip] = await Promise.all([counters.hit(this.subjectKey, windowMs), counters.hit(this.ipKey, windowMs)]);
    this.counted = true;
    this.highest = Math.max(subject.count, ip.count);
    if (this.highest <= max) return false;
    try {
      await requireCaptcha(this.platform, answer);
    } catch (err) {
      await this.giveBack();
      throw err;
    }
    const over = subject.count - max - 1;
    if (over < 0) return false;
    const ms = this.delayMs(over);
    await sleep(ms);
    loginWaits.count += 1;
    loginWaits.lastMs = ms;
    return true;
  }

  /** The wait before the n-th (from 0) attempt past the threshold. */
  delayMs(n: number): number {
    const { baseMs, maxMs } = this.platform.config.limits.loginDelay;
    return Math.min(maxMs, baseMs * 2 ** Math.min(n, 30));
  }

  /** A failed attempt stays counted; true when the next attempt will need a captcha. */
  fail(): boolean {
    return this.highest >= this.platform.config.limits.loginFailures.max;
  }

  /**
   * A success clears the member's failures and gives the IP its attempt back (the IP's earlier
   * failures stay: one good account must not unlock guessing others).
   */
  async succeed(): Promise<void> {
    await Promise.all([this.platform.repos.counters.reset(this.subjectKey), this.platform.repos.counters.giveBack(this.ipKey)]);
    this.counted = false;
  }

  private async giveBack(): Promise<void> {
    if (!this.counted) return;
    this.counted = false;
    await Promise.all([this.platform.repos.counters.giveBack(this.subjectKey), this.platform.repos.counters.giveBack(this.ipKey)]);
  }
}
