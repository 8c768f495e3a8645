import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

// The stylesheets' layout: web/src/styles.css is the base every page loads; with the stylesheets of the entry
// chunk's own modules (header, footer, notices...) it is the render-blocking stylesheet index.html links. A
// feature's or a shared component's own styles sit next to it and load with its lazy chunk.
const SRC = __dirname;
const BASE = join(SRC, 'styles.css');
// The entry chunk: the layout (header, footer), the 404 page and the settings load with every page.
const ENTRY_FEATURES = new Set(['layout', 'not-found', 'settings']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const all = filesUnder(SRC);
const modules = all.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const stylesheets = all.filter((f) => f.endsWith('.css'));
const sources = new Map(modules.map((f) => [f, readFileSync(f, 'utf8')]));

/** The CSS as a minifier would ship it, near enough: no comments, no runs of whitespace. */
const shipped = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,>])\s*/g, '$1');

/** Where a module lives: `features/<name>`, or the shared rest (`components`, `app`, `lib`...). */
const area = (file: string) => {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
};

/** The modules whose markup uses `cls` (imports and the stylesheet imports themselves left out). */
function usersOf(cls: string): string[] {
  const pattern = new RegExp(`(^|[^\\w-])${cls.replace(/-/g, '\\-')}(?![\\w-])`);
  return modules.filter((f) => {
    const code = sources
      .get(f)!
      .split('\n')
      .filter((line) => !/^\s*(import\b|\/\/|\*|\/\*)/.test(line) && !/ from '/.test(line))
      .join('\n');
    return pattern.test(code);
  });
}

/** The stylesheets main.tsx reaches by static imports: the entry chunk's (a page's `import()` is a chunk of its own). */
function entryStylesheets(): string[] {
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of sources.get(file)!.matchAll(/^import (?!type )(?:[^'"]* from )?'(\.[^']+)';/gm)) {
      const target = resolve(dirname(file), m[1]);
      if (target.endsWith('.css')) css.push(target);
      else {
        const module = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((f) =>
          sources.has(f),
        );
        if (module) visit(module);
      }
    }
  };
  visit(join(SRC, 'main.tsx'));
  return [...new Set(css)];
}

describe('web stylesheets', () => {
  it("keeps the render-blocking CSS small: the base and the entry chunk's stylesheets under 15 KB as shipped", () => {
    const entry = entryStylesheets();
    expect(entry).toContain(BASE);
    const size = entry.reduce((sum, css) => sum + shipped(readFileSync(css, 'utf8')).length, 0);
    expect(size).toBeLessThan(15_000);
  });

  it('imports every stylesheet from a module, so none is left out of the build', () => {
    const imported = new Set<string>();
    for (const [file, code] of sources) {
      for (const m of code.matchAll(/^import '([^']+\.css)';/gm)) imported.add(resolve(dirname(file), m[1]));
    }
    expect(stylesheets.filter((css) => !imported.has(css)).map((css) => relative(SRC, css))).toEqual([]);
  });

  it("leaves a lazy feature's own classes out of the base: they load with that feature's chunk", () => {
    const base = readFileSync(BASE, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const classes = new Set(Array.from(base.matchAll(/\.([a-zA-Z_][\w-]*)/g), (m) => m[1]));
    const misplaced: string[] = [];
    for (const cls of classes) {
      const areas = new Set(usersOf(cls).map(area));
      const [only] = areas;
      if (
        areas.size === 1 &&
        only.startsWith('features/') &&
        !ENTRY_FEATURES.has(only.slice('features/'.length))
      ) {
        misplaced.push(`.${cls} (${only})`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it("takes every font size and weight from the base's type scale", () => {
    // Each size and weight a page uses is a face its first layout looks up (Linux: through fontconfig, about
    // 1-3 ms each, measured on the contact and home pages): a short scale keeps them few.
    const declared = new Set(
      Array.from(readFileSync(BASE, 'utf8').matchAll(/^\s*(--font-(?:size|weight)-[\w-]+):/gm), (m) => m[1]),
    );
    const loose: string[] = [];
    for (const css of stylesheets) {
      const code = readFileSync(css, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of code.matchAll(/(?<![\w-])font-(size|weight):\s*([^;]+);/g)) {
        const value = m[2].trim();
        // Only the scale's tokens, alone or as a fluid size between two of them (a token that is not declared
        // would fall back to the inherited size without a word).
        const tokens = Array.from(value.matchAll(/var\((--[\w-]+)\)/g), (t) => t[1]);
        const rest = value.replace(/var\(--[\w-]+\)/g, 'T');
        const shape = rest === 'T' || /^clamp\(T, [\d.]+vw, T\)$/.test(rest);
        const named = tokens.every((t) => declared.has(t) && t.startsWith(`--font-${m[1]}-`));
        if (!shape || !named) loose.push(`${relative(SRC, css)}: font-${m[1]}: ${value}`);
      }
    }
    expect(declared.size).toBeGreaterThan(0);
    expect(loose).toEqual([]);
  });
});
