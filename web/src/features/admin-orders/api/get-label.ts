import { LABEL_POLL_INTERVAL_MS } from '@shared/constants';
import { adminGetLabel } from '@shared/routes/admin-get-label';
import type { ShipmentState, ShipmentView } from '@shared/schemas/shipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminLabelKey } from './query-keys';

export const getAdminLabel = (orderId: string, signal?: AbortSignal): Promise<ShipmentView> =>
  apiRequest(adminGetLabel, { params: { orderId }, signal });

/** A label job is queued or a worker is buying the label: ask again soon. */
export const isLabelInProgress = (state: ShipmentState | undefined): boolean =>
  state === 'requested' || state === 'purchasing';

/** The order's label as staff see it; with `poll`, read again every LABEL_POLL_INTERVAL_MS while being made. */
export const useAdminLabel = (orderId: string, { poll = false } = {}) =>
  useQuery({
    queryKey: adminLabelKey(orderId),
    queryFn: ({ signal }) => getAdminLabel(orderId, signal),
    refetchInterval: (query) =>
      poll && isLabelInProgress(query.state.data?.state) ? LABEL_POLL_INTERVAL_MS : false,
  });
