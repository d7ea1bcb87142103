// Fails when the production build ships Ajv's compiler to the browser.
import { ajvCompilerChunks, firstLoadJs } from './bundle-facts';

const chunks = await ajvCompilerChunks();
const first = await firstLoadJs();
const kb = (n: number): string => (n / 1024).toFixed(1);
console.log(`first visit to /m/home loads ${first.length} JS file(s), ${kb(first.reduce((s, a) => s + a.gzip, 0))} KB gzip`);
if (chunks.length) {
  for (const c of chunks) console.error(`dist/assets/${c.file}: contains Ajv compiler code ("${c.marker}")`);
  process.exit(1);
}
console.log('no Ajv compiler in the production bundle');
