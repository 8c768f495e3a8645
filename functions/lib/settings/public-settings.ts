import { readSettings } from '../../../shared/rules/settings.js';
import { publicPart } from '../../../shared/rules/settings-defaults.js';
import type { PublicSettings } from '../../../shared/schemas/settings.js';
import type { SettingsItem } from '../entities.js';

/**
 * Only the public fields, each falling back to its default when missing or malformed, so a half-written
 * record never breaks the storefront. Provider keys, warehouse and notification settings never leave here.
 */
export const toPublicSettings = (stored: SettingsItem | null): PublicSettings =>
  publicPart(readSettings(stored));
