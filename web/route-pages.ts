/**
 * Each static route of the site gets an HTML page of its own in the web build (`products/index.html` for
 * /products): index.html plus a `<link rel="modulepreload">` for each script of the route's page, so the
 * browser asks for them while it parses the page. Otherwise the preload entry (web/src/preload.ts) inserts
 * those links from a script once it has run, and each inserted link costs the main thread after the first
 * paint (docs/performance.md, "Web: route pages"). The links ask for a low priority: the page's scripts run
 * after React and the app, which index.html asks for first.
 *
 * A route whose last segment is a parameter gets one page for all its addresses (`products/_/index.html` for
 * /products/:slug: every product). The home page (index.html is every other address's page too) and the back
 * office's frame for any other address under /admin keep the preload entry's way; so does every page's CSS,
 * which a link in the page would make render-blocking.
 * A back-office page links the back office's frame and its own page: a visitor with no session downloads the
 * page for nothing before the frame shows the login page, which only happens to staff whose session ended.
 *
 * The routes come from the page tables (web/src/app/pages.ts, admin-pages.ts): each `{ path, page }` entry
 * whose page is `pageLoader(() => import('…'))`. CloudFront's function picks an address's page
 * (build/site-pages.ts), and the local stack runs the same function.
 */
import { readFileSync } from 'node:fs';
import { type ESTree, type Plugin, parseAst, type Rolldown } from 'vite';
import { PARAMETER_SEGMENT } from '../build/site-pages';
import { matchesRoute } from './src/app/route-match';

type Node = ESTree.Node;
type PathTable = Record<string, { path: string }>;

export interface PageTableEntry {
  /** The route's path pattern: `/products`, `/products/:slug`, `/admin/*`. */
  path: string;
  /** The page module, as the table's `import()` names it. */
  specifier: string;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function* descendants(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* descendants(child);
  }
}

function propertyOf(object: ESTree.ObjectExpression, name: string): Node | undefined {
  for (const p of object.properties) {
    if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === name)
      return p.value;
  }
  return undefined;
}

/** `paths.<name>.path`'s name, or undefined for any other expression. */
function pathsName(node: Node): string | undefined {
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier')
    return undefined;
  if (node.property.name !== 'path' || node.object.type !== 'MemberExpression' || node.object.computed)
    return undefined;
  const { object, property } = node.object;
  return object.type === 'Identifier' && object.name === 'paths' && property.type === 'Identifier'
    ? property.name
    : undefined;
}

/**
 * The `{ path, page }` entries of a page table's source. A path is a string, a template of strings and
 * `paths.<name>.path`, or a constant of the file holding one; the page's loader has one `import()` of a string.
 * Anything else is an error naming the file: a route the build cannot read would silently lose its page.
 */
export function pageTableEntries(source: string, file: string, paths: PathTable): PageTableEntry[] {
  const program = parseAst(source, { lang: 'ts' }, file);
  const constants = new Map<string, Node>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations)
      if (d.id.type === 'Identifier' && d.init) constants.set(d.id.name, d.init);
  }
  const unreadable = (what: string, node: Node): Error =>
    new Error(`${file}: the build cannot read ${what} of the page entry at offset ${node.start}`);
  const pathValue = (node: Node): string => {
    if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node.type === 'TemplateLiteral') {
      const parts = node.quasis.map((q, i) => {
        const expression = node.expressions[i];
        return (q.value.cooked ?? '') + (expression ? pathValue(expression) : '');
      });
      return parts.join('');
    }
    const constant = node.type === 'Identifier' ? constants.get(node.name) : undefined;
    if (constant) return pathValue(constant);
    const name = pathsName(node);
    if (name && paths[name]) return paths[name].path;
    throw unreadable('the path', node);
  };
  const entries: PageTableEntry[] = [];
  for (const node of descendants(program)) {
    if (node.type !== 'ObjectExpression') continue;
    const path = propertyOf(node, 'path');
    const page = propertyOf(node, 'page');
    if (!path || !page) continue;
    const imports = [...descendants(page)].flatMap((n) => (n.type === 'ImportExpression' ? [n.source] : []));
    const [specifier] = imports;
    if (imports.length !== 1 || specifier.type !== 'Literal' || typeof specifier.value !== 'string')
      throw unreadable("the page's import()", page);
    entries.push({ path: pathValue(path), specifier: specifier.value });
  }
  if (entries.length === 0) throw new Error(`${file}: no page entries ({ path, page }) found`);
  return entries;
}

/**
 * A route with a page of its own: one address (`/products`), or fixed segments and then one parameter
 * (`/products/:slug`), whose page serves every address of the route. Not `/` (index.html itself), nor a splat
 * (`/admin/*`, the back office's frame for any address under it).
 */
export const hasOwnPage = (path: string): boolean => /^(\/[^/:*]+)+(\/:[^/:*]+)?$/.test(path);

/**
 * The address standing for a route: itself, or with its parameter as PARAMETER_SEGMENT (`/products/_`), the
 * address CloudFront's function asks for any product (build/site-pages.ts).
 */
export const routeAddress = (path: string): string => path.replace(/:[^/]+$/, PARAMETER_SEGMENT);

/** The build's file for a route's own page: `/admin/orders` → `admin/orders/index.html`, `/products/:slug` → `products/_/index.html`. */
export const routePageFile = (path: string): string => `${routeAddress(path).slice(1)}/index.html`;

/** The chunk holding a module, then the chunks it imports statically, by file name. */
function chunkFiles(bundle: Rolldown.OutputBundle, moduleId: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const own =
    chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
  if (!own) throw new Error(`route pages: no chunk holds ${moduleId}`);
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(own.fileName);
  return files;
}

export interface RoutePagesOptions {
  /** The page tables' files (absolute paths). */
  tables: string[];
  /** The site's paths (web/src/paths.ts), which the tables name as `paths.<name>.path`. */
  paths: PathTable;
}

export function routePages(options: RoutePagesOptions): Plugin {
  let base = '/';
  return {
    name: 'route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_output, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('route pages: the build has no index.html');
      const html = index.source;
      if (html.split('</head>').length !== 2)
        throw new Error('route pages: index.html must have one </head>');
      const routes: Array<{ path: string; id: string }> = [];
      for (const table of options.tables) {
        for (const { path, specifier } of pageTableEntries(
          readFileSync(table, 'utf8'),
          table,
          options.paths,
        )) {
          const resolved = await this.resolve(specifier, table);
          if (!resolved)
            throw new Error(`route pages: ${table} imports ${specifier}, which does not resolve`);
          routes.push({ path, id: resolved.id });
        }
      }
      const inIndex = (file: string) => html.includes(`"${base}${file}"`);
      for (const path of new Set(routes.map((r) => r.path).filter(hasOwnPage))) {
        const files = routes
          .filter((r) => matchesRoute(r.path, routeAddress(path)))
          .flatMap((r) => chunkFiles(bundle, r.id))
          .filter((file, i, all) => all.indexOf(file) === i && !inIndex(file));
        const links = files.map(
          (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">`,
        );
        this.emitFile({
          type: 'asset',
          fileName: routePageFile(path),
          // Each link on a line of its own, indented as </head> is.
          source: html.replace(
            /(\s*)<\/head>/,
            (_head, space: string) => `${links.map((l) => space + l).join('')}${space}</head>`,
          ),
        });
      }
    },
  };
}
