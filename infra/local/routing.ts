/** Route selection the way an API Gateway HTTP API does it; pure. */

export interface RouteShape {
  method: string;
  path: string;
}

export interface RouteMatch<R extends RouteShape> {
  route: R;
  pathParameters: Record<string, string>;
}

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'greedy'; name: string };

const parse = (path: string): Segment[] =>
  path
    .split('/')
    .slice(1)
    .map((part) => {
      const greedy = /^\{(.+)\+\}$/.exec(part);
      if (greedy) return { kind: 'greedy', name: greedy[1] };
      const param = /^\{(.+)\}$/.exec(part);
      if (param) return { kind: 'param', name: param[1] };
      return { kind: 'literal', value: part };
    });

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Path parameters when `path` fits `pattern`, else null. A greedy `{name+}` takes the rest (at least one segment). */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | null {
  const want = parse(pattern);
  const got = path.split('/').slice(1);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment.kind === 'greedy') {
      const rest = got.slice(i);
      if (rest.length === 0 || rest.join('/') === '') return null;
      params[segment.name] = decode(rest.join('/'));
      return params;
    }
    if (i >= got.length) return null;
    if (segment.kind === 'literal') {
      if (segment.value !== got[i]) return null;
    } else {
      if (got[i] === '') return null;
      params[segment.name] = decode(got[i]);
    }
  }
  return want.length === got.length ? params : null;
}

/** Higher is more specific: literal segments beat variables, variables beat greedy ones, a method beats ANY. */
function specificity(route: RouteShape): number[] {
  const segments = parse(route.path);
  const weights = segments.map((s) => (s.kind === 'literal' ? 3 : s.kind === 'param' ? 2 : 1));
  return [...weights, route.method === 'ANY' ? 0 : 1];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Sorts once, most specific first, so matching is the first hit. */
export function orderRoutes<R extends RouteShape>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => compare(specificity(a), specificity(b)));
}

export function matchRoute<R extends RouteShape>(
  ordered: readonly R[],
  method: string,
  path: string,
): RouteMatch<R> | null {
  for (const route of ordered) {
    if (route.method !== 'ANY' && route.method !== method) continue;
    const pathParameters = matchRoutePath(route.path, path);
    if (pathParameters) return { route, pathParameters };
  }
  return null;
}
