import { getSettings as route } from '../../../shared/routes/get-settings.js';
import { httpRoute } from '../../lib/http.js';
import { toPublicSettings } from '../../lib/settings/public-settings.js';
import { getStoredSettings } from '../../lib/settings/settings-repository.js';

/** Defaults when none are stored (spec 000 §4); the admin issue creates the record on first save. */
export const handler = httpRoute(route, async () => toPublicSettings(await getStoredSettings()));
