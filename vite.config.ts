import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The site lives under /m/ (spec section 2); the server injects the tenant into index.html.
export default defineConfig({
  base: '/m/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Read by the server: which chunks and styles a server-rendered page needs (server/lib/site-assets.ts).
    manifest: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2020',
  },
  server: {
    port: 5173,
    // Keep the browser's Host header so that the API picks the tenant by host name, as in production.
    proxy: {
      '/wps': { target: 'http://127.0.0.1:8080', changeOrigin: false, xfwd: true },
      '/m/brand': { target: 'http://127.0.0.1:8080', changeOrigin: false, xfwd: true },
    },
  },
});
