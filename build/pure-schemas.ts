/**
 * Lets a bundle leave out the schemas it does not use. A schema module (`shared/schemas/*.ts`) is a list of
 * `export const ZFoo = z.object(...)`: a function or page that imported one schema from it built every schema of
 * the module when it loaded. A bundler keeps a call it cannot prove free of side effects: esbuild does not read
 * zod's own `@__NO_SIDE_EFFECTS__` marks across modules, and neither it nor Rolldown (the web's) drops a
 * `.check()` (a method call) or anything built around one.
 *
 * So each top-level declaration of a schema module that calls anything or reads a property is marked
 * `@__PURE__` (it builds a schema and nothing else), by the functions' bundler (infra/bundle.ts) and the web's
 * (web/vite.config.ts). The functions' bundler marks the entity table's declarations the same way. The
 * functions' bundler also drops a route file's `response` schema: it types what a handler returns and the web
 * client checks answers with it, but no function reads it at run time.
 */
import ts from 'typescript';

const PURE_CALL_OPEN = '/* @__PURE__ */ (() => (';
const PURE_CALL_CLOSE = '))()';

/** The schema modules and the route files the plugin rewrites; a path with either separator. */
export const SCHEMA_MODULE = /[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/;
export const ROUTE_FILE = /[\\/]shared[\\/]routes[\\/][^\\/]+\.ts$/;
/**
 * The entity table (functions/lib/entities.ts and the two it re-exports): plain key builders, some of whose objects read a partition name
 * while loading (`collectionPartition: COLLECTION.tickets`). esbuild kept every entity in every function for
 * those reads; marked like a schema module's declarations, a function keeps only the entities it uses.
 */
export const ENTITY_MODULE = /[\\/]functions[\\/]lib[\\/]entities(-counters|-messages)?\.ts$/;

interface Edit {
  at: number;
  end?: number;
  text: string;
}

function applyEdits(source: string, edits: Edit[]): string {
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) {
    out = out.slice(0, edit.at) + edit.text + out.slice(edit.end ?? edit.at);
  }
  return out;
}

/** The initializers of the file's top-level `const`/`let` declarations: what runs when the module loads. */
function topLevelInitializers(sf: ts.SourceFile): ts.Expression[] {
  return sf.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => statement.declarationList.declarations)
    .flatMap((declaration) => (declaration.initializer ? [declaration.initializer] : []));
}

/**
 * True when evaluating `node` calls something or reads a property (a function body, which runs later, does not
 * count): esbuild keeps either, as a call may do anything and a read may run a getter.
 */
function runsWhileLoading(node: ts.Node): boolean {
  if (ts.isFunctionLike(node)) return false;
  if (
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node) ||
    ts.isPropertyAccessExpression(node) ||
    ts.isElementAccessExpression(node)
  )
    return true;
  return ts.forEachChild(node, runsWhileLoading) === true;
}

/**
 * Wraps each top-level initializer that calls anything in a pure-marked arrow called at once:
 * `export const ZA = /* @__PURE__ *\/ (() => (z.object({ a: z.string().check(z.minLength(1, m.a)) })))();`.
 * It runs when it did before; esbuild drops it when nothing reads ZA. Marking the calls themselves would not
 * do: esbuild keeps a pure call whose arguments read a property (`m.a`), as a getter might run.
 */
export function markPureInitializers(source: string, fileName: string): string {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits = topLevelInitializers(sf)
    .filter(runsWhileLoading)
    .flatMap((initializer): Edit[] => [
      { at: initializer.getStart(sf), text: PURE_CALL_OPEN },
      { at: initializer.end, text: PURE_CALL_CLOSE },
    ]);
  return applyEdits(source, edits);
}

/** What a route row holds for the build and the web, never read by its function (see the top comment). */
const BUILD_TIME_FIELDS = new Set(['response', 'capabilities']);

/** A route file with its exported route's `response` and `capabilities` replaced by `undefined`. */
export function dropBuildTimeFields(source: string, fileName: string): string {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property) && BUILD_TIME_FIELDS.has(property.name.getText(sf))) {
          edits.push({
            at: property.initializer.getStart(sf),
            end: property.initializer.end,
            text: 'undefined',
          });
        }
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const initializer of topLevelInitializers(sf)) visit(initializer);
  return applyEdits(source, edits);
}
