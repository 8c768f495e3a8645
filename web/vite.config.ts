import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { markPureInitializers, SCHEMA_MODULE } from '../build/pure-schemas';
import { messages } from '../shared/messages';
import { routePages } from './route-pages';
import { LoadingState } from './src/components/loading-state';
import { paths } from './src/paths';

// The local stack (npm start) serves the API and product images on :3000.
const LOCAL_STACK = 'http://localhost:3000';
const proxy = { '/api': LOCAL_STACK, '/images': LOCAL_STACK };

const ROOT = '<div id="root"></div>';

/**
 * The start-up screen (LoadingState, full-page, rendered here at build) is in index.html's #root, so its spinner
 * is painted as soon as the stylesheet arrives, before any script has run; React replaces it on its first
 * render, with the same screen, message shown, until the settings and the first page are in (main.tsx).
 *
 * The message waits for that render (it keeps its place, so nothing moves when it appears): painted text is the
 * page's first contentful paint, and with the text here that paint raced the scripts, so evaluating React and
 * the app counted as blocking time in some loads and not others; a page with little content also reported the
 * start-up screen as its largest paint (docs/performance.md, "Web: first paint").
 */
const startupScreen: Plugin = {
  name: 'startup-screen',
  transformIndexHtml(html) {
    if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the start-up screen`);
    const screen = renderToStaticMarkup(
      createElement(LoadingState, {
        fullPage: true,
        message: messages.app.initializing,
        messageHidden: true,
      }),
    );
    return html.replace(ROOT, `<div id="root">${screen}</div>`);
  },
};

/**
 * A page downloads and builds only the schemas it uses: Rolldown reads zod's own side-effect marks, but keeps
 * a schema written with `.check()` (a method call) and everything built around it. The functions' bundler
 * does the same (build/pure-schemas.ts).
 */
const pureSchemas: Plugin = {
  name: 'pure-schemas',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0];
    return SCHEMA_MODULE.test(file) ? { code: markPureInitializers(code, file), map: null } : undefined;
  },
};

const PRELOAD_ENTRY = fileURLToPath(new URL('./src/preload.ts', import.meta.url));
const PAGE_TABLE =
  /[\\/]web[\\/]src[\\/](app[\\/](pages|route-match)|paths|lib[\\/](once|stored-session))\.ts$|[\\/]shared[\\/]rules[\\/]slug\.ts$|vite[\\/]preload-helper/;

/**
 * A test matching the modules under these paths (from the repo root; a folder ends with `/`). A path that is no
 * longer there stops the build: its module would silently fall back to a chunk of its own.
 */
const sources = (paths: string[]) => {
  // Module ids use forward slashes on every system.
  const root = normalizePath(fileURLToPath(new URL('..', import.meta.url)));
  const missing = paths.filter((p) => !existsSync(root + p));
  if (missing.length)
    throw new Error(`web/vite.config.ts: chunk group paths not found: ${missing.join(', ')}`);
  return (id: string) => paths.some((p) => id.startsWith(root + p));
};

/**
 * The catalogue's data and rules, which its list, the product page and the cart share (and the back office's
 * products and orders read some of).
 */
const CATALOGUE_KIT = [
  'shared/rules/catalogue.ts',
  'shared/rules/expiration.ts',
  'shared/rules/date-format.ts',
  'shared/rules/text-order.ts',
  'shared/schemas/product.ts',
  'shared/routes/list-products.ts',
  'web/src/lib/products/',
  'web/src/components/product-image.tsx',
  'web/src/components/product-image.css',
  'web/src/hooks/use-deferred-data.ts',
];

/** The form-field kit and the mapping of the server's field errors onto a form. */
const FORM_KIT = ['web/src/components/form/', 'web/src/lib/form-errors.ts', 'shared/schemas/text.ts'];

/**
 * The back office's list kit (page frame, table and cards, toolbar, paging) and what only it uses: the list
 * pages' shared chunk, which no public page imports.
 */
const LIST_KIT = [
  'web/src/components/list/',
  'web/src/hooks/use-debounced-value.ts',
  'shared/rules/paging.ts',
];

/**
 * index.html runs the preload entry (src/preload.ts) as a script of its own, ahead of the app's: a script in
 * index.html would join the app's entry chunk and wait for React like the rest of it.
 */
const preloadEntry: Plugin = {
  name: 'preload-entry',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const chunk =
        bundle && Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === PRELOAD_ENTRY);
      if (bundle && !chunk) throw new Error('The build has no chunk for src/preload.ts');
      const src = chunk ? `/${chunk.fileName}` : '/src/preload.ts';
      return [
        {
          tag: 'script',
          attrs: { type: 'module', async: true, crossorigin: true, src },
          injectTo: 'head-prepend',
        },
      ];
    },
  },
};

/**
 * A page of its own for each route the build can name (`/products`, and `/products/:slug` for every product),
 * linking its page's scripts (route-pages.ts).
 */
const pageTables = ['./src/app/pages.ts', './src/app/admin-pages.ts'].map((table) =>
  fileURLToPath(new URL(table, import.meta.url)),
);

export default defineConfig({
  plugins: [startupScreen, pureSchemas, preloadEntry, routePages({ tables: pageTables, paths })],
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  // No React plugin: Vite 8's built-in oxc transform compiles TSX with the automatic runtime.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), preload: PRELOAD_ENTRY },
      onwarn(warning, warn) {
        // React libraries mark modules "use client" for server components; meaningless in a browser bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: their own chunk stays cached across deploys.
        // Only libraries the first page needs: those used only by lazy pages (react-hook-form for the forms)
        // stay in those pages' chunks instead of the vendor chunk every visit preloads.
        codeSplitting: {
          groups: [
            // What the preload entry runs, on its own: the page table and its route matcher, the paths, the slug
            // rule, `onceUntilFailure`, the stored-session check and Vite's preload helper.
            { name: 'page-table', test: PAGE_TABLE, priority: 3 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The app's own code that every first visit runs, in one chunk: with two entries, Rolldown would
            // otherwise split it by which pages share each module.
            {
              name: 'app',
              test: (id) => id !== PRELOAD_ENTRY && /[\\/](web[\\/]src|shared)[\\/]/.test(id),
              tags: ['$initial'],
              priority: 1,
            },
            // The back office's strings in a chunk of their own, which only its lazy chunks import (a test checks
            // that a public page's first download holds none of them).
            { name: 'admin-messages', test: /[\\/]shared[\\/]admin-messages\.ts$/, priority: 4 },
            // What several lazy pages share, in one chunk each rather than a chunk per module: Rolldown would
            // otherwise split them by which pages import each one, into many small scripts a first visit waits for
            // (docs/performance.md, "Web: shared chunks"). Below `app`: a module every first visit runs stays there.
            { name: 'catalogue-kit', test: sources(CATALOGUE_KIT), priority: 0 },
            { name: 'form-kit', test: sources(FORM_KIT), priority: 0 },
            { name: 'list-kit', test: sources(LIST_KIT), priority: 0 },
            // The forms' library, by its own name (Rolldown named its chunk after the zod resolver inside).
            {
              name: 'react-hook-form',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
