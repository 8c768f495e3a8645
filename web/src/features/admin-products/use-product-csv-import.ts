import { PRODUCT_IMPORT_CHUNK_ROWS } from '@shared/constants';
import { adminProductMessages as m } from '@shared/messages';
import type { ProductImportRow, RefusedRow } from '@shared/rules/product-csv';
import type { Product } from '@shared/schemas/product';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { importProducts } from './api/import-products';
import { readProductCsvFile } from './read-product-csv';

export interface ImportReport {
  fileName: string;
  created: number;
  updated: number;
  unchanged: number;
  /** Every refused row, by line: the browser's own checks and the server's. */
  refused: RefusedRow[];
  /** Set when a request failed part way: what was said, and how many rows were never sent. */
  stopped: string | null;
}

export type ImportStage =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'failed'; message: string; detail?: string };

const isCsvFile = (file: File) => /\.csv$/i.test(file.name);

const readFailure = (error: unknown): string => {
  const message = error instanceof Error ? error.message : '';
  return message ? m.csvRead.replace('{message}', message) : m.csvReadUnknown;
};

/** Rows with their own Product ID go first: their numbers are taken before new products are numbered. */
const sendOrder = (rows: readonly ProductImportRow[]) =>
  [...rows].sort((a, b) => Number(a.productId === null) - Number(b.productId === null));

/**
 * Spec 001 §5 'CSV import': reads the file in the browser, refuses what it can already tell is wrong, sends
 * the rest in chunks one after another (the server checks every row again and decides), and gathers one
 * report. `onImported` runs once the server has answered for any row.
 */
export function useProductCsvImport(products: readonly Product[], onImported: () => void) {
  const [stage, setStage] = useState<ImportStage>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      if (!isCsvFile(file)) {
        setStage({ kind: 'failed', message: m.csvNotCsv });
        return;
      }
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setStage({ kind: 'reading' });

      const byNumber = new Map(products.map((p) => [p.productId, p]));
      let reader: Awaited<ReturnType<typeof readProductCsvFile>>;
      try {
        reader = await readProductCsvFile(file, (id) => byNumber.get(id) ?? null);
      } catch (error) {
        setStage({ kind: 'failed', message: readFailure(error) });
        return;
      }
      if (controller.signal.aborted) return;
      if (reader.error) {
        setStage({ kind: 'failed', message: reader.error.message, detail: reader.error.detail });
        return;
      }

      const report: ImportReport = {
        fileName: file.name,
        created: 0,
        updated: 0,
        unchanged: 0,
        refused: [...reader.refused],
        stopped: null,
      };
      const total = reader.total;
      let done = reader.refused.length;
      const rows = sendOrder(reader.rows);
      let answered = false;
      setStage({ kind: 'importing', done, total });
      for (let start = 0; start < rows.length; start += PRODUCT_IMPORT_CHUNK_ROWS) {
        const chunk = rows.slice(start, start + PRODUCT_IMPORT_CHUNK_ROWS);
        try {
          const result = await importProducts(chunk, controller.signal);
          answered = true;
          report.created += result.created;
          report.updated += result.updated;
          report.unchanged += result.unchanged;
          report.refused.push(...result.refused);
        } catch (error) {
          if (controller.signal.aborted) return;
          const message = isApiError(error) && error.message ? error.message : m.saveFailed;
          report.stopped = m.csvImportStopped
            .replace('{done}', done.toLocaleString('en-US'))
            .replace('{total}', total.toLocaleString('en-US'))
            .replace('{message}', message);
          break;
        }
        if (controller.signal.aborted) return;
        done += chunk.length;
        setStage({ kind: 'importing', done, total });
      }
      report.refused.sort((a, b) => a.line - b.line);
      setStage({ kind: 'done', report });
      if (answered) onImported();
    },
    [products, onImported],
  );

  const dismiss = useCallback(() => setStage({ kind: 'idle' }), []);
  return { stage, start, dismiss };
}
