import { adminGetEmailTemplate as route } from '../../../shared/routes/admin-get-email-template.js';
import { httpRoute } from '../../lib/http.js';
import { getTemplateDetail } from '../template-repository.js';

export const handler = httpRoute(route, ({ params }) => getTemplateDetail(params.key));
