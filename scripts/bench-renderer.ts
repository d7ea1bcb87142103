/**
 * Renderer overhead (`npm run bench -- renderer`): the member centre rendered on the server
 * (renderToString) from the demo-ph tenant's node tree through the real renderer and registry,
 * next to the equivalent hand-written component tree (scripts/bench-renderer-tree.tsx), after a
 * warm-up, in alternating rounds; prints both times per render and the median ratio of the rounds
 * (target at most 1.1x). Runs in a child process with NODE_ENV=production, so that React's
 * production build is measured, as the server's render module uses.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Tenant } from '../src/generated/tenant';
import type * as RendererTree from './bench-renderer-tree';
import { resolveTenant } from '../src/tenant/source';

const TARGET = 1.1;
const WARMUP = Number(process.env.BENCH_RENDER_WARMUP ?? 300);
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 15);
const PER_ROUND = Number(process.env.BENCH_RENDER_ITERATIONS ?? 200);

export async function renderer(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--run'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) console.log(`  renderer bench failed (exit ${r.status})`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function run(): Promise<void> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
  try {
    const tree = (await vite.ssrLoadModule('/scripts/bench-renderer-tree.tsx')) as typeof RendererTree;
    const { resolved } = await resolveTenant('demo-ph');
    const tenant = resolved as unknown as Tenant;
    // The same HTML but for the renderer's Suspense markers: the two trees are equivalent.
    const strip = (html: string) => html.replace(/<!--\/?\$-->/g, '');
    const a = strip(tree.renderNodeTree(tenant));
    const b = strip(tree.renderHandWritten(tenant));
    console.log('\n# Renderer overhead (member centre of demo-ph as a visitor, renderToString, React production build)');
    if (a !== b) {
      console.log('  the node tree and the hand-written tree render different HTML: fix scripts/bench-renderer-tree.tsx');
      process.exitCode = 1;
      return;
    }
    const time = (fn: () => string, n: number): number => {
      const started = performance.now();
      for (let i = 0; i < n; i++) fn();
      return (performance.now() - started) / n;
    };
    const nodeTree = () => tree.renderNodeTree(tenant);
    const hand = () => tree.renderHandWritten(tenant);
    time(nodeTree, WARMUP);
    time(hand, WARMUP);
    const nodeTimes: number[] = [];
    const handTimes: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so that neither always runs on a warmer (or busier) machine.
      const first = round % 2 === 0;
      const x = first ? time(nodeTree, PER_ROUND) : 0;
      const y = time(hand, PER_ROUND);
      const z = first ? x : time(nodeTree, PER_ROUND);
      nodeTimes.push(z);
      handTimes.push(y);
      ratios.push(z / y);
    }
    const ratio = median(ratios);
    console.log(`  ${a.length} bytes of HTML; ${WARMUP} warm-up renders each, then ${ROUNDS} rounds of ${PER_ROUND}`);
    console.log(`  node tree (renderer + registry): ${(median(nodeTimes) * 1000).toFixed(0)} µs per render`);
    console.log(`  hand-written component tree:    ${(median(handTimes) * 1000).toFixed(0)} µs per render`);
    console.log(`  ratio ${ratio.toFixed(2)}x (median of the rounds; target at most ${TARGET}x) ${ratio <= TARGET ? 'ok' : 'ABOVE TARGET'}`);
  } finally {
    await vite.close();
  }
}

if (process.argv.includes('--run')) await run();
