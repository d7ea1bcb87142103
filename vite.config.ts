import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stripWidgetSchemas } from './scripts/vite-strip-widget-schemas';
import { serviceWorker } from './scripts/vite-service-worker';
import { precompress } from './scripts/vite-precompress';

// The site lives under /m/ (spec section 2); the server injects the tenant into index.html.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/m/',
  plugins: [react(), stripWidgetSchemas(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    // Read by the server: which chunks and styles a server-rendered page needs (server/lib/site-assets.ts).
    manifest: true,
    assetsDir: 'assets',
    sourcemap: false,
    // The build log's gzip sizes of every chunk: compression work whose result is only printed.
    reportCompressedSize: false,
    target: 'es2020',
    // Everything the entry imports statically is loaded by every page anyway: one chunk rather than
    // the fourteen that sharing with lazy chunks split it into (home: 40 to 27 files, 148.3 to
    // 142.3 KB gzip). Lazy widgets and screens keep their own chunks.
    rollupOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  // The server-render module (`vite build --ssr`, dist-ssr/) always runs React's production build,
  // whatever NODE_ENV the server runs with (npm start sets none, and react-dom/server then picks
  // its development build, several times slower). So React and everything that imports it are
  // bundled into the module rather than imported from node_modules (a library left external
  // would load a second, development React), and NODE_ENV reads in that code are "production".
  ...(isSsrBuild ? ssrProduction : {}),
  server: {
    port: 5173,
    // Keep the browser's Host header so that the API picks the tenant by host name, as in production.
    proxy: {
      '/wps': { target: 'http://127.0.0.1:8080', changeOrigin: false, xfwd: true },
      '/m/brand': { target: 'http://127.0.0.1:8080', changeOrigin: false, xfwd: true },
    },
  },
}));

/** The SSR build's settings: every dependency bundled, with production branches only. */
export const ssrProduction = {
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
} as const;
