import { adminGetLabel as route } from '../../../shared/routes/admin-get-label.js';
import { httpRoute } from '../../lib/http.js';
import { loadForAdmin } from '../label-access.js';
import { toShipmentView } from '../shipment-views.js';

export const handler = httpRoute(route, async ({ params }) => {
  const { order, shipment } = await loadForAdmin(params.orderId);
  return toShipmentView(order, shipment);
});
