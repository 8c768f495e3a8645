import type { RouteDef } from '../route-def.js';
import { ZProductImportRequest, ZProductImportResult } from '../schemas/admin-product-import.js';

/** CSV import (spec 001 §5): up to 500 rows per request, each created, updated, left unchanged or refused. */
export const adminImportProducts = {
  method: 'POST',
  path: '/api/admin/products/import',
  auth: 'admin',
  handler: 'products/handlers/import-products',
  request: { body: ZProductImportRequest },
  response: ZProductImportResult,
  capabilities: ['table:read', 'table:write'],
  memoryMb: 512,
  timeoutSeconds: 29,
} as const satisfies RouteDef;
