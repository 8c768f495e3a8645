import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { markPureInitializers, SCHEMA_MODULE } from '../infra/pure-schemas';
import { messages } from '../shared/messages';
import { LoadingState } from './src/components/loading-state';

// The local stack (npm start) serves the API and product images on :3000.
const LOCAL_STACK = 'http://localhost:3000';
const proxy = { '/api': LOCAL_STACK, '/images': LOCAL_STACK };

const ROOT = '<div id="root"></div>';

/**
 * The start-up screen (LoadingState, full-page, rendered here at build) is in index.html's #root, so it is
 * painted as soon as the stylesheet arrives, before any script has run; React replaces it on its first render.
 */
const startupScreen: Plugin = {
  name: 'startup-screen',
  transformIndexHtml(html) {
    if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the start-up screen`);
    const screen = renderToStaticMarkup(
      createElement(LoadingState, { fullPage: true, message: messages.app.initializing }),
    );
    return html.replace(ROOT, `<div id="root">${screen}</div>`);
  },
};

/**
 * A page downloads and builds only the schemas it uses: Rolldown reads zod's own side-effect marks, but keeps
 * a schema written with `.check()` (a method call) and everything built around it. The functions' bundler
 * does the same (infra/pure-schemas.ts).
 */
const pureSchemas: Plugin = {
  name: 'pure-schemas',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0];
    return SCHEMA_MODULE.test(file) ? { code: markPureInitializers(code, file), map: null } : undefined;
  },
};

export default defineConfig({
  plugins: [startupScreen, pureSchemas],
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  // No React plugin: Vite 8's built-in oxc transform compiles TSX with the automatic runtime.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
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
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The back office's strings in a chunk of their own, which only its lazy chunks import (a test checks
            // that a public page's first download holds none of them).
            { name: 'admin-messages', test: /[\\/]shared[\\/]admin-messages\.ts$/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
