import { LABEL_POLL_INTERVAL_MS } from '@shared/constants';
import { getLabel as getLabelRoute } from '@shared/routes/get-label';
import type { ShipmentState, ShipmentView } from '@shared/schemas/shipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const labelQueryKey = (orderId: string) => ['orders', orderId, 'label'] as const;

export const getLabel = (orderId: string, token: string, signal?: AbortSignal): Promise<ShipmentView> =>
  apiRequest(getLabelRoute, { params: { orderId }, query: { token }, signal });

/** A label job is queued or a worker is buying the label: ask again soon. */
export const isLabelInProgress = (state: ShipmentState | undefined): boolean =>
  state === 'requested' || state === 'purchasing';

/**
 * An order's label, authorized by the order's secret token ('none' until one is asked for). With `poll`, it
 * is asked again every LABEL_POLL_INTERVAL_MS while it is being made; the caller bounds how long. A 4xx
 * (unknown order, expired link) is the answer, not a hiccup: no retry.
 */
export const useLabel = (orderId: string, token: string | null, { poll = false } = {}) =>
  useQuery({
    queryKey: labelQueryKey(orderId),
    queryFn: ({ signal }) => getLabel(orderId, token!, signal),
    enabled: Boolean(token && orderId),
    refetchInterval: (query) =>
      poll && isLabelInProgress(query.state.data?.state) ? LABEL_POLL_INTERVAL_MS : false,
  });
