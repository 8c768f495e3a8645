import { adminListReceivedToday as route } from '../../../shared/routes/admin-list-received-today.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { receivedToday } from '../receiving.js';

export const handler = httpRoute(route, () => receivedToday(systemClock));
