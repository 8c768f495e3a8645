import { getSettings as route } from '../../shared/routes/get-settings.js';
import { httpRoute } from '../lib/http.js';
import { toPublicSettings } from './public-settings.js';
import { getStoredSettings } from './settings-repository.js';

/** Defaults when none are stored (spec 000 §4); the admin issue creates the record on first save. */
export const handler = httpRoute(route, async () => toPublicSettings(await getStoredSettings()));
