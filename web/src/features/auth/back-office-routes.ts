import type { RouteDef } from '@shared/routes';
import { registerRouteFiles } from '../../lib/api-client';

// The back office's rows of the route table, in its own chunks only (the public bundle has the other rows).
// Imported for its effect by everything that calls them: the sign-in configuration and the admin pages.
registerRouteFiles(
  import.meta.glob<Record<string, RouteDef>>(
    [
      '../../../../shared/routes/admin-*.ts',
      '../../../../shared/routes/get-admin-session.ts',
      '../../../../shared/routes/get-auth-config.ts',
    ],
    { eager: true },
  ),
);
