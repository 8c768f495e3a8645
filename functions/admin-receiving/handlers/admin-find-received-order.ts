import { adminFindReceivedOrder as route } from '../../../shared/routes/admin-find-received-order.js';
import { httpRoute } from '../../lib/http.js';
import { findByCode } from '../receiving.js';

export const handler = httpRoute(route, ({ query }) => findByCode(query.code));
