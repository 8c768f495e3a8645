import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The address that stands for every address of a route whose last segment is a parameter: its page in the
 * web build (web/route-pages.ts writes `products/_/index.html` for /products/:slug), and what the rewrite
 * below asks for, for any product.
 */
export const PARAMETER_SEGMENT = '_';

/**
 * The addresses with a page of their own in the web build (web/route-pages.ts writes `products/index.html` for
 * /products, with the links of that page's scripts): every folder of `webDir` holding an index.html, but assets.
 */
export function routePagesIn(webDir: string): string[] {
  if (!existsSync(webDir)) return [];
  const found: string[] = [];
  const walk = (dir: string, path: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || (path === '' && entry.name === 'assets')) continue;
      const route = `${path}/${entry.name}`;
      if (existsSync(join(dir, entry.name, 'index.html'))) found.push(route);
      walk(join(dir, entry.name), route);
    }
  };
  walk(webDir, '');
  return found.sort();
}

/**
 * The CloudFront function (viewer request) that picks an address's page; the local stack runs it too.
 * Client-side routes have no file extension; everything else is a real object. A route with a page of its own
 * gets it (`/products` and `/products/` → /products/index.html), an address whose parent has a page for its
 * last segment gets that one (`/products/onetouch-…` → /products/_/index.html), and every other one gets
 * index.html, the app's page for any address. Rewriting here, rather than turning the distribution's 403/404
 * into index.html, keeps /api and /images errors what they are.
 */
export const spaRewrite = (
  routePages: string[],
): string => `var PAGES = ${JSON.stringify(Object.fromEntries(routePages.map((p) => [p, true])))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') === -1) {
    var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
    var parameter = path.slice(0, path.lastIndexOf('/') + 1) + ${JSON.stringify(PARAMETER_SEGMENT)};
    request.uri =
      PAGES[path] === true
        ? path + '/index.html'
        : PAGES[parameter] === true
          ? parameter + '/index.html'
          : '/index.html';
  }
  return request;
}`;

/** The rewrite's handler, compiled here as CloudFront compiles the function's code. */
export function compileRewrite(code: string): (uri: string) => string {
  const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
    uri: string;
  };
  return (uri) => handler({ request: { uri } }).uri;
}
