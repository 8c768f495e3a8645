import { adminListReceivedToday } from '@shared/routes/admin-list-received-today';
import type { ReceivedToday } from '@shared/schemas/receiving';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { receivedTodayKey } from './query-keys';

/** Today's received boxes, newest first; read again after each box this page receives. */
export const useReceivedToday = () =>
  useQuery({
    queryKey: receivedTodayKey,
    queryFn: ({ signal }): Promise<ReceivedToday> => apiRequest(adminListReceivedToday, { signal }),
  });
