import { adminPreviewEmailTemplate as route } from '../../../shared/routes/admin-preview-email-template.js';
import { httpRoute } from '../../lib/http.js';
import { renderSample } from '../template-catalog.js';
import { assertRenderable } from '../template-repository.js';

export const handler = httpRoute(route, async ({ params, body }) => {
  assertRenderable(params.key, body);
  return renderSample(params.key, body);
});
