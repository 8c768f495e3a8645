import { getLabel as route } from '../../../shared/routes/get-label.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadForSeller } from '../label-access.js';
import { toShipmentView } from '../shipment-views.js';

export const handler = httpRoute(route, async ({ params, query }) => {
  const { order, shipment } = await loadForSeller(params.orderId, query.token, systemClock());
  return toShipmentView(order, shipment);
});
