import { adminImportProducts } from '@shared/routes/admin-import-products';
import type { ProductImportRow } from '@shared/rules/product-csv';
import type { ProductImportResult } from '@shared/schemas/admin-product-import';
import { apiRequest } from '../../../lib/api-client';

/** One chunk of a CSV import (at most PRODUCT_IMPORT_CHUNK_ROWS rows). */
export const importProducts = (
  rows: ProductImportRow[],
  signal?: AbortSignal,
): Promise<ProductImportResult> => apiRequest(adminImportProducts, { body: { rows }, signal });
