import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { dropBuildTimeFields, markPureInitializers } from './pure-schemas';

const repoRoot = path.resolve(__dirname, '..');

const open = '/* @__PURE__ */ (() => (';
const close = '))()';

describe('markPureInitializers', () => {
  test('wraps the top-level declarations that call anything while the module loads', () => {
    const source = [
      "import * as z from 'zod/mini';",
      'export const ZA = z.object({ a: z.string().check(z.minLength(1, m.a)) });',
      'export const make = (n: number) => z.array(z.number(), n);',
      "export const NAMES = ['a', 'b'] as const;",
      "z.config({ customError: () => 'x' });",
    ].join('\n');
    const out = markPureInitializers(source, 'shared/schemas/a.ts').split('\n');
    expect(out[1]).toBe(
      `export const ZA = ${open}z.object({ a: z.string().check(z.minLength(1, m.a)) })${close};`,
    );
    // A function runs later, when called; a literal calls nothing; a statement is kept whatever it calls.
    expect(out.slice(2)).toEqual(source.split('\n').slice(2));
  });

  test('wraps a declaration that reads a property while loading, which esbuild would keep for a getter', () => {
    const source =
      'const C = P.collection;\nexport const ticket = { key: (n: string) => n, partition: C.tickets };';
    expect(markPureInitializers(source, 'functions/lib/entities.ts')).toBe(
      `const C = ${open}P.collection${close};\nexport const ticket = ${open}{ key: (n: string) => n, partition: C.tickets }${close};`,
    );
  });

  test('leaves comments and strings alone', () => {
    const source =
      "/** z.object({}) */\nexport const M = 'z.string()';\nexport const Z = /* z.x() */ z.string();";
    expect(markPureInitializers(source, 'a.ts')).toBe(
      `/** z.object({}) */\nexport const M = 'z.string()';\nexport const Z = /* z.x() */ ${open}z.string()${close};`,
    );
  });

  test('keeps what a schema does', async () => {
    const source = 'const double = [1, 2].map((n) => n * 2);\nconst first = double.at(0);';
    const { outputFiles } = await build({
      stdin: {
        contents: `${markPureInitializers(source, 'a.ts')}\nconsole.log(JSON.stringify([double, first]));`,
        loader: 'ts',
      },
      write: false,
    });
    const logged: string[] = [];
    new Function('console', outputFiles[0].text)({ log: (text: string) => logged.push(text) });
    expect(logged).toEqual(['[[2,4],2]']);
  });
});

describe('dropBuildTimeFields', () => {
  test("replaces the route's response schema and capabilities and nothing else", () => {
    const source = [
      "import { ZA, ZB } from '../schemas/a.js';",
      'export const getA = {',
      "  path: '/api/a',",
      '  request: { body: ZA },',
      '  response: ZB,',
      "  capabilities: [items(['GetItem'], 'order'), 'images:read'],",
      '} as const satisfies RouteDef;',
    ].join('\n');
    expect(dropBuildTimeFields(source, 'shared/routes/get-a.ts')).toBe(
      source
        .replace('response: ZB', 'response: undefined')
        .replace("[items(['GetItem'], 'order'), 'images:read']", 'undefined'),
    );
  });

  test('every route file of the repository declares one', () => {
    const dir = path.join(repoRoot, 'shared', 'routes');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const out = dropBuildTimeFields(source, file);
      expect(out).toMatch(/\n {2}response: undefined,\n/);
      expect(out).toMatch(/\n {2}capabilities: undefined,\n/);
    }
  });
});
