import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In `npm run dev` the API, the sign-in routes and the built-in identity provider live on the
// server; the proxy keeps the browser on one origin so the session cookie and redirects work.
const server = `http://localhost:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
const proxied = { target: server, changeOrigin: false, xfwd: true };

/**
 * Prints the first-load figure after a build: the JS and CSS that index.html loads eagerly (the entry
 * chunk, every chunk it imports statically, and their CSS), gzipped. Lazy pages are not in it.
 */
function firstLoadFigure(): Plugin {
  return {
    name: 'haulboard-first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      const seen = new Set<string>();
      const css = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (chunk?.type !== 'chunk' || seen.has(name)) return;
        seen.add(name);
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
      const gzip = (name: string) => {
        const item = bundle[name];
        const source = item.type === 'chunk' ? item.code : item.source;
        return gzipSync(typeof source === 'string' ? Buffer.from(source) : Buffer.from(source)).length;
      };
      const js = [...seen].reduce((n, f) => n + gzip(f), 0);
      const styles = [...css].reduce((n, f) => n + gzip(f), 0);
      const kb = (n: number) => (n / 1024).toFixed(1);
      this.info(`first load: ${kb(js + styles)} kB gzip (eager JS ${kb(js)} kB in ${seen.size} files, CSS ${kb(styles)} kB)`);
      console.log(`\nFirst load of index.html: ${kb(js + styles)} kB gzip (eager JS ${kb(js)} kB in ${seen.size} files, CSS ${kb(styles)} kB); goal under 150 kB`);
    },
  };
}

/**
 * The table of pages inside /app is lazy (it joins the route tree on the first visit under /app,
 * see app/router.tsx). A reload on an app page needs it before the page's own modules can be asked
 * for, so index.html hints it with modulepreload: fetched beside the entry, run only under /app.
 */
function preloadAppPages(): Plugin {
  return {
    name: 'haulboard-preload-app-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
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
        return [...files]
          .filter((f) => !eager.has(f))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
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
