import type { Location } from 'react-router';
import { paths } from '../../paths';

/** Where a staff member was going when the guard sent them to sign in, carried as `{ from }` location state. */
export interface Origin {
  pathname: string;
  search: string;
  state: unknown;
}

export const originOf = (location: Location): Origin => ({
  pathname: location.pathname,
  search: location.search,
  state: location.state,
});

/** Location state is whatever history holds: only a well-formed back-office origin is trusted. */
export function readOrigin(state: unknown): Origin {
  const from = (state as { from?: Partial<Origin> } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only back-office paths: a crafted state must not turn sign-in into a redirect anywhere else.
  if (pathname !== paths.admin.path && !pathname.startsWith(`${paths.admin.path}/`)) {
    return { pathname: paths.admin.path, search: '', state: null };
  }
  return {
    pathname,
    search: typeof from?.search === 'string' ? from.search : '',
    state: from?.state ?? null,
  };
}
