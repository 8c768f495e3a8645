import { DASHBOARD_STALE_MS } from '@shared/constants';
import { adminGetDashboard } from '@shared/routes/admin-get-dashboard';
import type { Dashboard } from '@shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getDashboard = (signal?: AbortSignal): Promise<Dashboard> =>
  apiRequest(adminGetDashboard, { signal });

/** Spec 001 §9: fresh for 30 s, not refetched when the window regains focus. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: DASHBOARD_STALE_MS,
  });
