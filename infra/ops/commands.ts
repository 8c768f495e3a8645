/**
 * The first-deploy steps themselves (see ops.ts for the command line). The table steps call the same code the
 * functions run: the settings repository's default record, and the back office import's CSV reading (the
 * browser's reader), request schema and import function. Load this module only after TABLE_NAME and the
 * endpoints are in the environment.
 */
import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { importProducts } from '../../functions/admin-products/product-import.js';
import { systemClock } from '../../functions/lib/clock.js';
import { listProducts } from '../../functions/lib/products/product-repository.js';
import { createDefaultSettings } from '../../functions/lib/settings/settings-repository.js';
import { PRODUCT_IMPORT_CHUNK_ROWS } from '../../shared/constants.js';
import type { RefusedRow } from '../../shared/rules/product-csv.js';
import { parseProductCsv } from '../../shared/rules/product-csv-file.js';
import { ZProductImportRequest } from '../../shared/schemas/admin-product-import.js';
import { ADMIN_GROUP } from '../constructs/auth.js';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@^_';

/**
 * 20 random characters with every class the pool's policy asks for (prod: 12+ characters, upper and lower
 * case, a number, a symbol), in a random order.
 */
export function temporaryPassword(length = 20): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export type CreateAdminResult =
  | { created: true; email: string; temporaryPassword: string }
  | { created: false; email: string };

/**
 * AdminCreateUser with a temporary password (Cognito's invitation e-mail suppressed: the operator hands the
 * password over), then the admin group. An existing user is only (re)added to the group, never reset.
 */
export async function createAdmin(options: {
  userPoolId: string;
  email: string;
  client?: CognitoIdentityProviderClient;
}): Promise<CreateAdminResult> {
  const cognito = options.client ?? new CognitoIdentityProviderClient({});
  const email = options.email.trim().toLowerCase();
  const password = temporaryPassword();
  let created = true;
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: options.userPoolId,
        Username: email,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
    created = false;
  }
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: options.userPoolId,
      Username: email,
      GroupName: ADMIN_GROUP,
    }),
  );
  if (!options.client) cognito.destroy();
  return created ? { created, email, temporaryPassword: password } : { created, email };
}

/** The settings repository's default record (spec 001 §4), only where none exists. True when written. */
export const initSettings = (): Promise<boolean> => createDefaultSettings(systemClock().toISOString());

export interface CatalogueReport {
  /** The whole file was refused (no usable header, no rows, a broken quote): nothing imported. */
  error: string | null;
  created: number;
  updated: number;
  unchanged: number;
  refused: RefusedRow[];
}

/**
 * The back office's CSV import from a file's text: the browser's reader checks each row against the stored
 * catalogue (as the products page does with the list it shows), then the rows go in the import route's chunks,
 * each validated with the route's schema, to the route's own import function, which checks them again.
 */
export async function importCatalogue(text: string): Promise<CatalogueReport> {
  const stored = new Map((await listProducts()).map((p) => [p.productId, p]));
  const reader = parseProductCsv(text, (id) => stored.get(id) ?? null);
  const report: CatalogueReport = {
    error: reader.error ? [reader.error.message, reader.error.detail].filter(Boolean).join(' ') : null,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: [...reader.refused],
  };
  if (report.error) return report;
  // Rows with their own Product ID first, as the browser sends them: their numbers are taken before new ones.
  const rows = [...reader.rows].sort((a, b) => Number(a.productId === null) - Number(b.productId === null));
  for (let start = 0; start < rows.length; start += PRODUCT_IMPORT_CHUNK_ROWS) {
    const request = ZProductImportRequest.parse({
      rows: rows.slice(start, start + PRODUCT_IMPORT_CHUNK_ROWS),
    });
    const result = await importProducts(request.rows, systemClock);
    report.created += result.created;
    report.updated += result.updated;
    report.unchanged += result.unchanged;
    report.refused.push(...result.refused);
  }
  report.refused.sort((a, b) => a.line - b.line);
  return report;
}
