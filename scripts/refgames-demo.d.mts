import type { ChildProcess } from 'node:child_process';

/** Every catalogue vendor code RefGames serves in demo mode (all but the platform's house games). */
export const REFGAMES_CATALOGUE: string[];
/** Starts RefGames beside the server; answers the child process and the server's VENDOR_* variables. */
export function startRefGames(
  root: string,
  options: { dataDir: string; port: number; publicUrl: string; walletUrl: string; log?: (line: string) => void },
): { child: ChildProcess; env: Record<string, string> };
