import { ProductCsvReader, type StoredProductFacts } from '@shared/rules/product-csv';
import { acceptChunk, PRODUCT_CSV_PARSE_CONFIG } from '@shared/rules/product-csv-file';
import Papa from 'papaparse';

/** Small chunks: the file is read a piece at a time, so the page keeps answering while a large one is read. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a picked CSV file through papaparse in chunks (FileReader between them, so the page stays
 * responsive) and checks each row as it comes. Rejects only when the browser cannot read the file.
 */
export function readProductCsvFile(
  file: File,
  stored: (productId: number) => StoredProductFacts | null,
): Promise<ProductCsvReader> {
  const reader = new ProductCsvReader(stored);
  return new Promise((resolve, reject) => {
    Papa.parse<string[], File>(file, {
      ...PRODUCT_CSV_PARSE_CONFIG,
      chunkSize: CHUNK_BYTES,
      chunk: (result, parser) => {
        acceptChunk(reader, result);
        if (reader.error) parser.abort();
      },
      complete: () => {
        reader.finish();
        resolve(reader);
      },
      error: (error) => reject(error),
    });
  });
}
