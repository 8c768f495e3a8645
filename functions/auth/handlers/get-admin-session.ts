import { getAdminSession as route } from '../../../shared/routes/get-admin-session.js';
import { httpRoute } from '../../lib/http.js';

/** The back office's guard asks this to confirm a session is valid and in the admin group, server-side. */
export const handler = httpRoute(route, async ({ auth }) => ({
  // httpRoute has already refused anyone who is not a signed-in admin.
  sub: auth!.sub,
  email: auth!.email ?? null,
  groups: auth!.groups,
}));
