import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Paths the local server answers itself: a full-page navigation to them must reach the server,
// not the service worker's app-shell fallback (social sign-in starts with a navigation to /auth/github; a calendar
// feed's address, /calendar/<token>.ics, opened in the browser is the iCalendar file, not the Team calendar page).
const serverNavigations = [/^\/auth\/(github|google)/, /^\/dev\//, /^\/api\//, /^\/calendar\/[^/]+\.ics$/];

// react-router's package exports point at its development build whatever the mode (remix-run/react-router#12532):
// warnings on, and more code to parse and run on every first visit. The build takes the production files it ships.
const routerProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverNavigations,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
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
