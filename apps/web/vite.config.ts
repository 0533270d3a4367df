import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In `npm run dev` the API, the sign-in routes and the built-in identity provider live on the
// server; the proxy keeps the browser on one origin so the session cookie and redirects work.
const server = `http://localhost:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
const proxied = { target: server, changeOrigin: false, xfwd: true };

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Haulboard',
        short_name: 'Haulboard',
        description: 'The back office of a trucking company',
        theme_color: '#1565c0',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        // Sign-in, the identity provider and the API are server pages, never the cached app shell.
        navigateFallbackDenylist: [/^\/(api|auth|oidc)(\/|$)/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': proxied, '/auth': proxied, '/oidc': proxied },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
