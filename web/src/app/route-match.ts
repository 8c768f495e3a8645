/**
 * Route matching without React Router: the preload entry (pages.ts) runs before React Router has downloaded,
 * and the build (web/route-pages.ts) picks the chunks each route's own page links. No imports, so both can load it.
 */

const escapeRegExp = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `pathname` matches a route `pattern` as React Router's `matchPath({ path, end: true })` decides it
 * for the patterns used here (static segments, `:param` segments, a trailing `/*`), without its code: this
 * runs before React Router has downloaded. A test holds the two together over every route.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const splat = pattern.endsWith('/*');
  const segments = (splat ? pattern.slice(0, -2) : pattern).split('/').filter(Boolean);
  const body = segments.map((s) => (s.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(s)}`)).join('');
  const tail = splat ? '(?:/.*)?' : '/?';
  return new RegExp(`^${body}${tail}$`, 'i').test(pathname);
}
