// Jest transform: TypeScript (and ESM-only dependencies) to CommonJS with esbuild. Faster than ts-jest;
// type checking is `npm run typecheck`'s job.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.tsx') ? 'tsx' : filename.endsWith('.ts') ? 'ts' : 'js';
    const result = transformSync(source, {
      loader,
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
      jsx: 'automatic',
      supported: { 'dynamic-import': false },
    });
    return { code: result.code };
  },
};
