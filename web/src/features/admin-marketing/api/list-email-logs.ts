import { adminListEmailLogs } from '@shared/routes/admin-list-email-logs';
import type { EmailLogRow } from '@shared/schemas/admin-email';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emailLogsKey } from './query-keys';

/** Recent Emails: the last 10, newest first. */
export const useEmailLogs = () =>
  useQuery({
    queryKey: emailLogsKey,
    queryFn: async ({ signal }): Promise<EmailLogRow[]> =>
      (await apiRequest(adminListEmailLogs, { signal })).emails,
  });
