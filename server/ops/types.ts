/**
 * The back office's shared shapes. An operator action runs as an `OpsVerb` (the CLI: `npm run ops
 * -- <area> <verb> [args]`) or behind an `/ops` route; both call the same service function, which
 * writes the change and its audit row (./audit) in one transaction.
 */
import type { Platform } from '../platform';

/** Who acts: an operator signed in to /ops, or the CLI run by a shell user (`cli:<user>`). */
export interface OpsActor {
  /** The operator's id; null for the CLI. */
  operatorId: number | null;
  /** The operator's username, or `cli:<os user>`: what the audit shows as who. */
  actor: string;
  /** The merchants the actor may act on; null: every merchant. */
  merchantCodes: readonly string[] | null;
}

export interface OpsContext {
  /** The running service (its repositories, database and tenants). */
  app: Platform;
  actor: OpsActor;
  /** Writes one line of output (the CLI prints it; tests collect it). */
  out: (line: string) => void;
  /** Writes one error line (the CLI prints it on stderr); absent: `out`. */
  err?: (line: string) => void;
  /** `--json`: print one JSON document instead of lines. */
  json: boolean;
}

/**
 * One CLI verb. `words` name it as typed (`['deposits', 'approve']`); `run` gets the arguments
 * after them, already split into positionals and `--name value` options, and answers the exit
 * code (0 done, 1 refused with a one-line reason written to `out`, 2 bad usage).
 */
export interface OpsVerb {
  words: readonly string[];
  usage: string;
  summary: string;
  run(ctx: OpsContext, args: OpsArgs): Promise<number>;
}

export interface OpsArgs {
  positionals: string[];
  options: Record<string, string | true>;
}

/** Refusal of an operator action: its one line goes to the CLI's output and to /ops as errorCode + message. */
export class OpsRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Throws unless the actor may act on the merchant. */
export function assertMerchant(actor: OpsActor, merchantCode: string): void {
  if (actor.merchantCodes !== null && !actor.merchantCodes.includes(merchantCode)) {
    throw new OpsRefusal('ops.merchant.forbidden', `${actor.actor} may not act on merchant ${merchantCode}`);
  }
}
