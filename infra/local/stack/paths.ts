/** Where the repository and the built site are: the provisioning phase builds the site, the gateway serves it. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Works as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
export const REPO_ROOT = resolve(dirname(thisFile), '..', '..', '..');
export const WEB_ROOT = join(REPO_ROOT, 'dist', 'web');
