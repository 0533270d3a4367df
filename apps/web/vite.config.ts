import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_LOAD_BUDGET_KB, kB, measureFirstLoad } from '../../bench/first-load.ts';

// In `npm run dev` the API, the sign-in routes and the built-in identity provider live on the
// server; the proxy keeps the browser on one origin so the session cookie and redirects work.
const server = `http://localhost:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
const proxied = { target: server, changeOrigin: false, xfwd: true };

/**
 * Prints the first-load figure after a build: index.html and everything it references (scripts,
 * modulepreloads, styles, icons), gzipped, the budget (bench/first-load.ts, which the
 * test apps/web/src/first-load.test.ts runs on dist as well).
 */
function firstLoadFigure(): Plugin {
  let outDir = '';
  return {
    name: 'haulboard-first-load',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!fs.existsSync(path.join(outDir, 'index.html'))) return;
      const result = measureFirstLoad(outDir);
      console.log(
        `\nFirst load of index.html: ${kB(result.gzipBytes)} kB gzip in ${result.files.length} files (budget ${FIRST_LOAD_BUDGET_KB} kB); then the sign-in page's module ${kB(result.loginPageBytes)} kB`,
      );
    },
  };
}

/**
 * The table of pages inside /app is lazy (it joins the route tree on the first visit under /app,
 * see app/router.tsx). A reload on an app page needs it before the page's own modules can be asked
 * for, so it should be fetched beside the entry. Plain modulepreload links in index.html would make
 * the sign-in page and the welcome page fetch it too (7 kB gzip of their first load), so a tiny
 * classic script adds those links only when the address is under /app (no inline script: the
 * server's CSP allows scripts from 'self' only).
 */
function preloadAppPages(): Plugin {
  let scriptFile: string | null = null;
  return {
    name: 'haulboard-preload-app-pages',
    apply: 'build',
    generateBundle: {
      // Before Vite writes index.html (its transformIndexHtml below names the emitted file).
      order: 'pre',
      handler(_options, bundle) {
        const eager = new Set<string>();
        const visit = (name: string, into: Set<string>) => {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk' || into.has(name)) return;
          into.add(name);
          for (const imported of chunk.imports) visit(imported, into);
        };
        for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name, eager);
        const table = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/app-pages.tsx'));
        if (!table) return;
        const files = new Set<string>();
        visit(table.fileName, files);
        const hrefs = [...files].filter((f) => !eager.has(f)).map((f) => `/${f}`);
        const source = `(function(){var p=location.pathname;if(p!=='/app'&&p.indexOf('/app/')!==0)return;${JSON.stringify(hrefs)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})();\n`;
        const ref = this.emitFile({ type: 'asset', name: 'app-preload.js', source });
        scriptFile = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!scriptFile) return;
        return [{ tag: 'script', attrs: { src: `/${scriptFile}` }, injectTo: 'head' as const }];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstLoadFigure(),
    preloadAppPages(),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs on (React, the router, the query client, emotion) in one
              // chunk beside the entry, instead of a dozen small shared chunks: one request, better gzip.
              // MUI is left out on purpose: most of it is used only by lazy pages (docs/ARCHITECTURE.md).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@emotion|stylis|clsx|hoist-non-react-statics|react-is)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
