/** Rewrites the generated table-access block of docs/data-model.md (`npm run docs:table-access`). */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTableAccess } from './table-access-doc';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'data-model.md');
writeFileSync(file, withTableAccess(readFileSync(file, 'utf8')));
