import type { RouteDef } from '../route-def.js';
import { ZProductImportRequest, ZProductImportResult } from '../schemas/admin-product-import.js';
import { items, query } from '../table-access.js';

/** CSV import (spec 001 §5): up to 500 rows per request, each created, updated, left unchanged or refused. */
export const adminImportProducts = {
  method: 'POST',
  path: '/api/admin/products/import',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-import-products',
  request: { body: ZProductImportRequest },
  response: ZProductImportResult,
  capabilities: [
    items(['BatchGetItem', 'PutItem', 'UpdateItem'], 'product'),
    items(['BatchGetItem', 'PutItem'], 'productIdClaim'),
    items(['UpdateItem'], 'stats'),
    query('collection', 'catalogue'),
  ],
  memoryMb: 512,
  timeoutSeconds: 29,
} as const satisfies RouteDef;
