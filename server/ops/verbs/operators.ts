/** `operators add|list|disable`: the back office's accounts. */
import { knownOptions, positionals, stringOption, UsageError } from '../cli-args';
import { addOperator, disableOperator, listOperators } from '../operators';
import type { OpsVerb } from '../types';

export const verbs: OpsVerb[] = [
  {
    words: ['operators', 'add'],
    usage: 'operators add <username> [--merchants demoph01,demoen01] [--totp]   (password: OPS_PASSWORD or the prompt)',
    summary: 'create an operator (every merchant unless --merchants); --totp prints the otpauth:// URI once',
    async run(ctx, args) {
      const [username] = positionals(args, ['username']);
      knownOptions(args, ['merchants', 'totp', 'password']);
      const password = args.options.password;
      if (typeof password !== 'string') throw new UsageError('no password: set OPS_PASSWORD or run on a terminal to be asked');
      const list = stringOption(args, 'merchants');
      const merchantCodes = list === undefined ? null : list.split(',').map((c) => c.trim()).filter((c) => c !== '');
      const r = await addOperator(ctx.app, ctx.actor, { username, password, merchantCodes, totp: args.options.totp === true });
      const lines = [`operator ${r.operator.username} created (id ${r.operator.id}, merchants ${r.operator.merchantCodes?.join(',') ?? 'all'})`];
      if (r.otpauthUri) lines.push(`TOTP: add this to an authenticator app now (it is not shown again): ${r.otpauthUri}`);
      if (ctx.json) ctx.out(JSON.stringify(r));
      else lines.forEach((line) => ctx.out(line));
      return 0;
    },
  },
  {
    words: ['operators', 'list'],
    usage: 'operators list',
    summary: 'the operators, their merchants, TOTP and state',
    async run(ctx, args) {
      positionals(args, []);
      knownOptions(args, []);
      const all = await listOperators(ctx.app, ctx.actor);
      if (ctx.json) ctx.out(JSON.stringify(all));
      else if (all.length === 0) ctx.out('no operators');
      else {
        for (const o of all) {
          ctx.out(`${o.username}  id ${o.id}  merchants ${o.merchantCodes?.join(',') ?? 'all'}  totp ${o.totp ? 'on' : 'off'}  ${o.disabled ? 'disabled' : 'active'}`);
        }
      }
      return 0;
    },
  },
  {
    words: ['operators', 'disable'],
    usage: 'operators disable <username>',
    summary: 'disable an operator and end its sessions',
    async run(ctx, args) {
      const [username] = positionals(args, ['username']);
      knownOptions(args, []);
      const o = await disableOperator(ctx.app, ctx.actor, username);
      if (ctx.json) ctx.out(JSON.stringify(o));
      else ctx.out(`operator ${o.username} disabled`);
      return 0;
    },
  },
];
