import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paths } from './src/config/paths';

// Paths the local server answers itself: a full-page navigation to them must reach the server,
// not the service worker's app-shell fallback (social sign-in starts with a navigation to /auth/github; a calendar
// feed's address, /calendar/<token>.ics, opened in the browser is the iCalendar file, not the Team calendar page).
// `/api/docs` is the app's own page (the API document's viewer), so it keeps the fallback.
const serverNavigations = [/^\/auth\/(github|google)/, /^\/dev\//, /^\/api\/(?!docs\/?$)/, /^\/calendar\/[^/]+\.ics$/];

// react-router's package exports point at its development build whatever the mode (remix-run/react-router#12532):
// warnings on, and more code to parse and run on every first visit. The build takes the production files it ships.
const routerProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The page a first visit may land on, by path, and its route module in src/app/routes: {@link preloadPages}. */
const pageModules: Record<string, string> = {
  [paths.home]: 'breaks',
  [paths.breaks]: 'breaks',
  // The break-and-rest warnings link to the Dashboard under this name (it redirects to /breaks).
  [paths.dashboard]: 'breaks',
  [paths.tasks]: 'tasks',
  [paths.archives]: 'archives',
  [paths.leaves]: 'leaves',
  [paths.leaveRequests]: 'leave-requests',
  [paths.calendar]: 'calendar',
  [paths.meetings]: 'meetings',
  [paths.administrators]: 'administrators',
  [paths.onBreaks]: 'on-breaks',
  [paths.onLeaves]: 'on-leaves',
  [paths.settings]: 'settings',
};

/**
 * The script index.html runs first: it preloads the chunks of the page at the address (the list below it, by path),
 * so they download beside the entry instead of after it has run. Fixed text: the CSP allows it by its hash
 * (`script-src 'sha256-…'` in template.yaml, the local server and the e2e stand-in; `npm run budget` checks the hash
 * is in each).
 */
const preloadScript =
  "(function(){var e=document.getElementById('page-chunks'),f=e?JSON.parse(e.textContent)[location.pathname]:null;" +
  "if(f)for(var i=0;i<f.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';" +
  "l.href='/'+f[i];document.head.appendChild(l)}})()";

/**
 * A first visit's page starts downloading with the app: index.html carries, for each page of {@link pageModules}, the
 * chunks it needs beyond the entry's, and {@link preloadScript} asks for those of the address as the HTML is read.
 * The entry's own imports are preloaded by Vite itself.
 */
function preloadPages(): Plugin {
  return {
    name: 'breaktime:preload-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map<string, { imports: string[] }>();
        const byModule = new Map<string, string>();
        let entry: string | undefined;
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, output);
          if (output.isEntry) entry = output.fileName;
          if (output.facadeModuleId) byModule.set(output.facadeModuleId, output.fileName);
        }
        if (!entry) throw new Error('preload-pages: no entry chunk');
        const reach = (start: string, seen = new Set<string>()) => {
          if (!seen.has(start)) {
            seen.add(start);
            for (const imported of chunks.get(start)?.imports ?? []) reach(imported, seen);
          }
          return seen;
        };
        const loaded = reach(entry);
        const files = Object.fromEntries(
          Object.entries(pageModules).map(([path, module]) => {
            const chunk = byModule.get(fileURLToPath(new URL(`./src/app/routes/${module}.tsx`, import.meta.url)));
            if (!chunk) throw new Error(`preload-pages: no chunk for ${module}`);
            return [path, [...reach(chunk)].filter((file) => !loaded.has(file))];
          }),
        );
        // Early in the head (after the character set and the viewport, which belong first), before the stylesheet.
        const at = html.indexOf('<title>');
        if (at < 0) throw new Error('preload-pages: no <title> in index.html');
        const tags = `<script type="application/json" id="page-chunks">${JSON.stringify(files)}</script>\n    <script>${preloadScript}</script>\n    `;
        return html.slice(0, at) + tags + html.slice(at);
      },
    },
  };
}

/**
 * Marks every chunk with V8's compile hint, `//# allFunctionsCalledOnLoad`: Chromium then compiles a chunk's
 * functions on the background thread that streams the file, instead of on the main thread at each function's first
 * call (React's, the router's and the API client's first calls took tens of milliseconds there). A chunk is loaded
 * when it is about to run: the first screen's at start, a page's when it is opened, the charts when they scroll into
 * view. Other browsers read a comment.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'breaktime:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own additions to the chunks (the preload helper's list goes at the top of the entry).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          output.code = hint + output.code;
          // The new first line maps to nothing: the source map's lines move down by one.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}

/**
 * The stylesheet goes into index.html itself (about 11 KB compressed): the splash screen paints as soon as the page
 * arrives, without waiting for a request of its own, and before the app's scripts run. The CSP allows inline styles
 * (`style-src 'unsafe-inline'`, template.yaml and the local server). The file stays in the build: lazy chunks
 * (the charts) still name it among the files they preload.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'breaktime:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * Writes a Brotli copy (`.br`, at the strongest level) beside each text file of the build. The local server sends it to
 * a browser that accepts `br` (tower-http's precompressed files), 15 to 20 % fewer bytes than gzip on a first visit;
 * on AWS, CloudFront compresses the bucket's files itself, and deploy.sh leaves the copies out of the bucket.
 */
function brotliCopies(): Plugin {
  let outDir = 'dist';
  const text = /\.(js|css|html|svg|webmanifest|json)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'breaktime:brotli-copies',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!text.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        }
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  plugins: [
    react(),
    preloadPages(),
    compileHints(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        id: '/',
        name: 'Breaktime',
        short_name: 'Breaktime',
        description: 'Log breaks, tasks, leaves, meetings and a daily checklist with your team.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0f172a',
        theme_color: '#0f766e',
        categories: ['productivity', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The API page's viewer (about 1.5 MB) is fetched when that page is opened, not installed with the app.
        globIgnores: ['**/swagger-ui-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverNavigations,
        cleanupOutdatedCaches: true,
        // Shows reminders pushed by the server and opens the right page on a tap (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
    inlineStylesheet(),
    brotliCopies(),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React DOM and the router in chunks of their own beside the app's: the main thread finishes compiling each
        // file as it arrives, in a task per file, so three shorter tasks instead of one long one for 380 KB.
        codeSplitting: {
          groups: [
            { name: 'react-dom-client', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [
        '/auth/',
        '/user/',
        '/admin/',
        '/contactUs/',
        '/dev/',
        '/type/',
        '/break/',
        '/task/',
        '/leaves/',
        '/meeting/',
        '/daily-checklist/',
        '/reports/',
        '/team/',
        '/calendar/',
        '/assistant/',
        '/notifications/',
      ].map((prefix) => [
        prefix,
        {
          target: process.env.BREAKTIME_DEV_API ?? 'http://127.0.0.1:8080',
          changeOrigin: true,
          bypass: (req) => (req.url?.startsWith('/auth/callback') ? req.url : undefined),
        },
      ]),
    ),
  },
}));
