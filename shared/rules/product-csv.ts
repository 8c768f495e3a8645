/**
 * The product CSV (spec 001 §3 'Product CSV columns', §5 'CSV import'): its columns, the formula escaping of
 * its cells, and how one file row becomes a product. Pure rules, no CSV library: the import Lambda validates
 * rows with them, and the browser reads files with them (`product-csv-file.ts` adds papaparse).
 */
import { PRODUCT_ID_MAX } from '../constants.js';
import { adminProductMessages as m } from '../messages.js';
import { PRODUCT_TYPES, type Product } from '../schemas/product.js';
import { type ProductInput, ZProductInput } from '../schemas/product-input.js';

export const PRODUCT_CSV_FILE_NAME = 'products.csv';

/** The spec's columns, in the order the export writes them. */
export const PRODUCT_CSV_COLUMNS = [
  'Product ID',
  'Product',
  'Description',
  'Brand',
  'Type',
  'Boxcount',
  'Price',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Without these a row cannot be a product; the others may be left out of a file (new products, no details). */
const REQUIRED_COLUMNS: readonly ProductCsvColumn[] = ['Product', 'Brand', 'Type', 'Price'];

/**
 * A text cell a spreadsheet would run as a formula (OWASP 'CSV Injection'): it starts with =, +, -, @, tab,
 * carriage return or line feed, or one of its lines does (a multi-line cell). Leading single quotes are looked
 * through, so a cell that already starts with a quote before such a character gets one more and the import's
 * unescape gives back exactly what was stored. Numbers are never tested: they are written as numbers.
 */
export const FORMULA_TRIGGER = /^'*[=+\-@\t\r\n]|[\r\n][=+\-@\t]/;

/** The export's escape (also what papaparse applies with `escapeFormulae: FORMULA_TRIGGER`). */
export const escapeCsvCell = (text: string): string => (FORMULA_TRIGGER.test(text) ? `'${text}` : text);

/** Undoes `escapeCsvCell`: a quote is removed only where the export would have added it. */
export const unescapeCsvCell = (text: string): string =>
  text.startsWith("'") && FORMULA_TRIGGER.test(text.slice(1)) ? text.slice(1) : text;

/** Where each column is in a file (files may order them freely); absent optional columns are undefined. */
export type ProductCsvHeader = Partial<Record<ProductCsvColumn, number>>;

export type HeaderResult = { header: ProductCsvHeader } | { error: string; detail?: string };

const normalizeName = (cell: string) =>
  cell
    .replace(/^\ufeff/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The header row: names compared trimmed and case-insensitively; a missing required column fails the file. */
export function readProductCsvHeader(cells: readonly string[]): HeaderResult {
  const header: ProductCsvHeader = {};
  for (const [index, cell] of cells.entries()) {
    const column = PRODUCT_CSV_COLUMNS.find((c) => c.toLowerCase() === normalizeName(cell));
    if (!column) continue;
    // Two columns of one name: no telling which one is meant.
    if (header[column] !== undefined) return { error: m.csvMapping, detail: `${column} appears twice` };
    header[column] = index;
  }
  const missing = REQUIRED_COLUMNS.filter((c) => header[c] === undefined);
  if (missing.length > 0) {
    return { error: m.csvMapping, detail: m.csvMissingColumns.replace('{columns}', missing.join(', ')) };
  }
  return { header };
}

/** One product row as the browser sends it to the import route (and as the Lambda validates it again). */
export interface ProductImportRowFields {
  productId: number | null;
  name: string;
  description: string;
  brand: string;
  productType: string;
  boxCount: number | null;
  buybackPrice: number | null;
}

type RowField = keyof ProductImportRowFields | 'expirationMonths';
/** Column order, so a row's reasons read as the file does. */
const FIELD_ORDER: readonly RowField[] = [
  'productId',
  'name',
  'description',
  'brand',
  'productType',
  'boxCount',
  'buybackPrice',
  'expirationMonths',
];
export type RowProblems = Partial<Record<RowField, string>>;

/** A file row read from its cells: its fields, and what could not be read from them. */
export interface ProductCsvDraft {
  line: number;
  fields: ProductImportRowFields;
  problems: RowProblems;
}

/** A number cell: empty is null; '$12.50' and '12.5' are numbers; anything else is NaN. */
function readNumber(cell: string): number | null {
  const text = cell.trim().replace(/^\$/, '');
  if (text === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** Type is read case-insensitively onto the form's types; text that is none of them stays as written. */
export function normalizeProductType(value: string): string {
  const text = value.trim().replace(/\s+/g, ' ');
  return PRODUCT_TYPES.find((t) => t.toLowerCase() === text.toLowerCase()) ?? text;
}

/** One data row (cells after the header's order) as product fields. Escaped cells are unescaped first. */
export function readProductCsvRecord(
  cells: readonly string[],
  header: ProductCsvHeader,
  line: number,
): ProductCsvDraft {
  const cell = (column: ProductCsvColumn) => {
    const index = header[column];
    return index === undefined ? '' : unescapeCsvCell(cells[index] ?? '');
  };
  const problems: RowProblems = {};
  const number = (column: ProductCsvColumn, field: RowField) => {
    const value = readNumber(cell(column));
    if (Number.isNaN(value)) {
      problems[field] = m.csvNotANumber.replace('{column}', column);
      return null;
    }
    return value;
  };

  // Empty: a new product, numbered by the server.
  let productId = readNumber(cell('Product ID'));
  if (productId !== null && !(Number.isInteger(productId) && productId >= 1 && productId <= PRODUCT_ID_MAX)) {
    productId = null;
    problems.productId = m.csvProductIdInvalid;
  }

  return {
    line,
    fields: {
      productId,
      name: cell('Product'),
      description: cell('Description'),
      brand: cell('Brand'),
      productType: normalizeProductType(cell('Type')),
      boxCount: number('Boxcount', 'boxCount'),
      buybackPrice: number('Price', 'buybackPrice'),
    },
    problems,
  };
}

/** What a row keeps of the stored product it updates: the CSV has no expiration months or stock column. */
export type StoredProductFacts = Pick<Product, 'expirationMonths' | 'inStock'>;

export type RowCheck = { ok: true; input: ProductInput } | { ok: false; reason: string };

/**
 * A row as the product it would write, validated with the product form's schema (ZProductInput). What the
 * CSV has no column for is kept from the stored product: expiration months (so a new 'Other' row is refused
 * with the schema's 'Expiration months is required for Other products'), the image, and whether it is in
 * stock (new products are in stock, spec 001 §5; a product staff marked out of stock stays so, or an export
 * imported back would change it). The reason lists every problem, in column order, each with the form's
 * own message.
 */
export function checkProductRow(
  fields: ProductImportRowFields,
  stored: StoredProductFacts | null,
  problems: RowProblems = {},
): RowCheck {
  const type = normalizeProductType(fields.productType);
  const result = ZProductInput.safeParse({
    name: fields.name,
    brand: fields.brand,
    buybackPrice: fields.buybackPrice ?? undefined,
    productType: type,
    expirationMonths: stored?.expirationMonths ?? null,
    boxCount: fields.boxCount,
    description: fields.description,
    imageUrl: null,
    inStock: stored?.inStock ?? true,
  });
  const found: RowProblems = { ...problems };
  // The schema's own message for a type it does not know is 'Product type is required': true only when empty.
  if (type !== '' && !(PRODUCT_TYPES as readonly string[]).includes(type))
    found.productType ??= m.csvTypeUnknown;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'name') as RowField;
      found[field] ??= issue.message;
    }
  }
  const reasons = FIELD_ORDER.map((f) => found[f]).filter((r): r is string => !!r);
  if (result.success && reasons.length === 0) return { ok: true, input: result.data };
  return { ok: false, reason: reasons.join('; ') };
}

export interface RefusedRow {
  line: number;
  reason: string;
}

/** A row ready to send: the validated fields, in the wire shape of the import route. */
export interface ProductImportRow extends ProductImportRowFields {
  line: number;
  buybackPrice: number;
}

/**
 * Reads a file's records as they arrive (papaparse gives them in chunks): the first non-blank record is the
 * header, later ones are products. Lines are numbered as a spreadsheet numbers its rows (the header is 1, a
 * multi-line cell is one line); blank lines are skipped but counted. A Product ID a file repeats refuses the
 * later row. Checks each row against the products the page already has (the server checks again).
 */
export class ProductCsvReader {
  private header: ProductCsvHeader | null = null;
  private width = 0;
  private records = 0;
  private readonly seen = new Map<number, number>();
  readonly rows: ProductImportRow[] = [];
  readonly refused: RefusedRow[] = [];
  /** A problem with the whole file (no usable header): nothing of it is imported. */
  error: { message: string; detail?: string } | null = null;

  constructor(private readonly stored: (productId: number) => StoredProductFacts | null) {}

  /** Data rows read so far (sent or refused). */
  get total(): number {
    return this.rows.length + this.refused.length;
  }

  /** `broken` holds indexes (within `records`) of rows the parser could not read cleanly. */
  accept(records: readonly (readonly string[])[], broken: ReadonlySet<number> = new Set()): void {
    for (const [index, cells] of records.entries()) {
      if (this.error) return;
      const line = ++this.records;
      if (cells.every((c) => c.trim() === '')) continue;
      if (!this.header) {
        const result = readProductCsvHeader(cells);
        if ('error' in result) this.error = { message: result.error, detail: result.detail };
        else {
          this.header = result.header;
          this.width = cells.length;
        }
        continue;
      }
      // A row with values beyond the header's columns, or one the parser had to guess at, maps to nothing.
      if (broken.has(index) || cells.slice(this.width).some((c) => c.trim() !== '')) {
        this.refused.push({ line, reason: m.csvMapping });
        continue;
      }
      this.add(readProductCsvRecord(cells, this.header, line));
    }
  }

  private add({ line, fields, problems }: ProductCsvDraft): void {
    const id = fields.productId;
    const first = id === null ? undefined : this.seen.get(id);
    if (id !== null && first !== undefined) {
      this.refused.push({
        line,
        reason: m.csvDuplicateProductId.replace('{productId}', String(id)).replace('{line}', String(first)),
      });
      return;
    }
    if (id !== null) this.seen.set(id, line);
    const check = checkProductRow(fields, id === null ? null : this.stored(id), problems);
    if (!check.ok) {
      this.refused.push({ line, reason: check.reason });
      return;
    }
    const { input } = check;
    this.rows.push({
      line,
      productId: id,
      name: input.name,
      description: input.description,
      brand: input.brand,
      productType: input.productType,
      boxCount: input.boxCount,
      buybackPrice: input.buybackPrice,
    });
  }

  /** After the last record: a file with a header and no rows, or nothing at all, says so. */
  finish(): void {
    if (this.error) return;
    if (!this.header) this.error = { message: m.csvMapping };
    else if (this.total === 0) this.error = { message: m.csvNoRows };
  }
}
