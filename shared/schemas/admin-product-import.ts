import * as z from 'zod/mini';
import { PRODUCT_ID_MAX, PRODUCT_IMPORT_CHUNK_ROWS } from '../constants.js';
import { adminProductMessages as m } from '../messages.js';

/** Longer than any field the product form allows: such text is refused per row, with the form's message. */
const CELL_MAX = 10_000;
const cell = z.string().check(z.maxLength(CELL_MAX));

/**
 * One CSV row as the browser read it (spec 001 §3 'Product CSV columns'). Only the shape is checked here; the
 * product rules (ZProductInput) are applied to each row by the import, which refuses a row with its reason
 * rather than the whole request.
 */
export const ZProductImportRow = z.object({
  /** The row's line in the file, for the report. */
  line: z.number(m.csvLineInvalid).check(z.int(m.csvLineInvalid), z.gte(1, m.csvLineInvalid)),
  /** An existing product's number (update), a number of the file's own (create), or null (a new number). */
  productId: z.nullable(
    z
      .number(m.csvProductIdInvalid)
      .check(
        z.int(m.csvProductIdInvalid),
        z.gte(1, m.csvProductIdInvalid),
        z.lte(PRODUCT_ID_MAX, m.csvProductIdInvalid),
      ),
  ),
  name: cell,
  description: cell,
  brand: cell,
  productType: cell,
  boxCount: z.nullable(z.number(m.boxCountPositive)),
  buybackPrice: z.number(m.priceRequired),
});

export const ZProductImportRequest = z.object({
  rows: z
    .array(ZProductImportRow)
    .check(z.minLength(1, m.csvChunkSize), z.maxLength(PRODUCT_IMPORT_CHUNK_ROWS, m.csvChunkSize)),
});
export type ProductImportRequest = z.infer<typeof ZProductImportRequest>;

export const ZProductImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  /** Rows equal to the stored product: nothing written (an export imported back changes nothing). */
  unchanged: z.number(),
  refused: z.array(z.object({ line: z.number(), reason: z.string() })),
  /** What the import cost in DynamoDB: write requests sent and write capacity units consumed. */
  writes: z.object({ requests: z.number(), capacityUnits: z.number() }),
});
export type ProductImportResult = z.infer<typeof ZProductImportResult>;
