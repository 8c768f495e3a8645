/**
 * The product CSV as a file, with papaparse (a maintained CSV library): writing the export and reading an
 * import. Only the back office's products page loads this (the import Lambda receives rows, not files).
 */
import Papa, { type ParseConfig, type ParseError, type ParseResult } from 'papaparse';
import { adminProductMessages } from '../messages.js';
import type { Product } from '../schemas/product.js';
import {
  FORMULA_TRIGGER,
  PRODUCT_CSV_COLUMNS,
  ProductCsvReader,
  type StoredProductFacts,
} from './product-csv.js';

/**
 * `products.csv`: the spec's columns in order, one product per row in the order given. Text cells a
 * spreadsheet would run as formulas are prefixed with a single quote and quoted (papaparse's escapeFormulae
 * with our trigger, which also covers line feeds and the lines of multi-line cells); numbers stay numbers.
 */
export function productsToCsv(products: readonly Product[]): string {
  return Papa.unparse(
    {
      fields: [...PRODUCT_CSV_COLUMNS],
      data: products.map((p) => [
        p.productId,
        p.name,
        p.description,
        p.brand,
        p.productType,
        p.boxCount,
        p.buybackPrice,
      ]),
    },
    { escapeFormulae: FORMULA_TRIGGER, newline: '\r\n' },
  );
}

/**
 * How the import reads a file: no header magic (ours is case-insensitive and order free), every cell as text,
 * the delimiter guessed among those spreadsheets write (some locales save ';').
 */
export const PRODUCT_CSV_PARSE_CONFIG = {
  header: false,
  dynamicTyping: false,
  skipEmptyLines: false,
  delimitersToGuess: [',', ';', '\t'],
} satisfies ParseConfig;

/**
 * Hands one parsed chunk to the reader. An unterminated quote swallows the rest of the file: the whole file
 * is refused with the spec's parse message. A malformed quote spoils only its own row, which is refused.
 */
export function acceptChunk(reader: ProductCsvReader, result: ParseResult<string[]>): void {
  if (result.errors.some((e: ParseError) => e.code === 'MissingQuotes')) {
    reader.error = { message: adminProductMessages.csvParse };
    return;
  }
  const broken = new Set(
    result.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row as number),
  );
  reader.accept(result.data, broken);
}

/** A whole file's text at once (tests, small files): the same reader the browser streams files through. */
export function parseProductCsv(
  text: string,
  stored: (productId: number) => StoredProductFacts | null = () => null,
): ProductCsvReader {
  const reader = new ProductCsvReader(stored);
  acceptChunk(reader, Papa.parse<string[]>(text, PRODUCT_CSV_PARSE_CONFIG));
  reader.finish();
  return reader;
}
