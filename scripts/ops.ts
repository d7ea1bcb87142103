/** `npm run ops -- <verb> [arguments] [--json]`: see scripts/ops-cli.ts. */
import { runOpsCli } from './ops-cli';

void runOpsCli(process.argv.slice(2));
