/**
 * `npm start` runs this before building: the environment is checked by the same `parseEnv` the
 * server uses, so a refusal (one line per problem on stderr, exit 1) comes at once, not after a build.
 */
import { parseEnv } from './config';

try {
  parseEnv(process.env);
} catch (err) {
  for (const line of (err as Error).message.split('\n')) process.stderr.write(`${line}\n`);
  process.exit(1);
}
