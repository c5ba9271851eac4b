import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
};

/** Files worth compressing: text. Images (png, woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes file.br (brotli, best quality) and file.gz (gzip -9) next to every compressible file of the
 * build, so the server sends them by negotiation without compressing at request time (docs/performance.md).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'inspecta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        const br = brotliCompressSync(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gz = gzipSync(content, { level: 9 });
        // Written even when not smaller (a few tiny chunks), so every file is sent the same way.
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The libraries the signed-out login page needs (`src/app/login-entry.tsx`: React, Mantine's core and
 * the components that page and its email form use, the form hook, its icons) go into one chunk,
 * `first-*.js`. Left to the automatic splitting they were some 30 small chunks, each compressed on
 * its own: about 9 KB more brotli for the same code (docs/performance.md). Every screen needs most
 * of it, so the others lose nothing (the dashboard home is 0.6 KB lighter). A component added to
 * the login page and not listed here still works: it lands in a chunk of its own, and the login
 * page's budget says what it costs. Only what a screen imports is in the chunk; a hook or icon not
 * listed stays in its own chunk.
 */
const LOGIN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'List',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Tabs',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
];
const LOGIN_HOOKS = [
  'use-did-update',
  'use-id',
  'use-isomorphic-effect',
  'use-media-query',
  'use-reduced-motion',
  'use-uncontrolled',
];
const LOGIN_ICONS = ['AlertCircle', 'Check', 'InfoCircle', 'Lock', 'Mail', 'Phone'];
const SEP = '[\\\\/]';
const FIRST_SCREEN_LIBRARIES = new RegExp(
  `node_modules${SEP}(?:${[
    `(?:react|react-dom|scheduler|clsx)${SEP}`,
    `@mantine${SEP}hooks${SEP}esm${SEP}(?:${LOGIN_HOOKS.join('|')})${SEP}`,
    `@mantine${SEP}core${SEP}esm${SEP}(?:core|components${SEP}(?:${LOGIN_COMPONENTS.join('|')}))${SEP}`,
    `@tabler${SEP}icons-react${SEP}dist${SEP}esm${SEP}(?:createReactComponent|defaultAttributes|icons${SEP}Icon(?:${LOGIN_ICONS.join('|')}))\\.mjs`,
  ].join('|')})` +
    // The app's own small modules that every screen loads, the login page included (the session's
    // storage, plurals): two files fewer on each. A group takes each module's imports with it, so only
    // modules whose imports every screen loads too belong here: the logo (Mantine's index), the router
    // link (React Router) or signing out (TanStack Query) would bring the login page 44 KB more.
    `|src${SEP}lib${SEP}(?:storage|plural)\\.ts`,
);

const SHARED_ICONS = new RegExp(`@tabler${SEP}icons-react${SEP}dist${SEP}esm${SEP}icons${SEP}`);

/**
 * What every signed-in screen's first paint needs (the dashboard, the inspector's and the portal's
 * homes) and the signed-out login page does not: TanStack Query (but its mutations, which a first
 * screen does not run), React Router's core, the lazily loaded menu button, the date formats and the
 * few Mantine components all three draw. Left to the automatic splitting they were nine files on
 * each of those screens, split by which later screens share them; as one file each screen fetches
 * and preloads eight fewer, and the group compresses better (docs/performance.md). A group takes its
 * modules' imports with it: nothing listed here may import a module the login page loads that no
 * group above has taken (the organisation's date format reads the API client: listed, it brought
 * the login page 82 KB more), and the budgets say when one does.
 */
const APP_COMMON = new RegExp(
  [
    `node_modules${SEP}@tanstack${SEP}(?:query-core|react-query)${SEP}build${SEP}modern${SEP}(?!useMutation|mutationObserver)`,
    `node_modules${SEP}react-router${SEP}dist${SEP}(?:development|production)${SEP}chunk-`,
    `node_modules${SEP}@mantine${SEP}core${SEP}esm${SEP}components${SEP}(?:Skeleton|Overlay|Badge)${SEP}`,
    `src${SEP}components${SEP}ui${SEP}menu-loaded-on-press`,
    `src${SEP}lib${SEP}dates\\.ts`,
  ].join('|'),
);

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle-budget.mjs walks.
    manifest: true,
    // The production CSP forbids inline scripts, so never inline the module preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Ahead of the icons' group, so the login page's icons stay in its one chunk.
            { name: 'first', test: FIRST_SCREEN_LIBRARIES, priority: 2 },
            // The icons two or more screens share, in one file: left to the automatic splitting they were
            // 68 files of 0.2–0.7 KB, twenty of them on the dashboard's first screen, each a request
            // and a preload link (docs/performance.md, "On the machine of 29 November").
            { name: 'icons', test: SHARED_ICONS, minShareCount: 2, priority: 1 },
            { name: 'app-common', test: APP_COMMON, priority: 1 },
          ],
        },
      },
    },
  },
});
