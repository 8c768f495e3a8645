import { adminProductMessages as m } from '@shared/messages';
import { PRODUCT_CSV_FILE_NAME } from '@shared/rules/product-csv';
import { productsToCsv } from '@shared/rules/product-csv-file';
import type { Product } from '@shared/schemas/product';
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { type ImportReport, useProductCsvImport } from './use-product-csv-import';
import './product-csv.css';

/** The report lists this many refused rows; a file refused wholesale says how many more there are. */
const REFUSED_SHOWN = 200;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Saves `products.csv` (spec 001 §7: produced in the browser). The byte order mark lets spreadsheets read
 * the file as UTF-8 (names such as 'Libre 3 – 14 day'); the import skips it.
 */
function downloadCsv(products: readonly Product[]) {
  const blob = new Blob(['\ufeff', productsToCsv(products)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = PRODUCT_CSV_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Report({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The report replaces the progress bar: take focus there so it is read out and the next Tab is inside it.
  useEffect(() => titleRef.current?.focus(), []);
  const { refused } = report;
  const failed = refused.length > 0 || report.stopped !== null;
  return (
    <section className="admin-card product-csv__report" aria-labelledby={titleId} data-testid="csv-report">
      <div className="product-csv__report-header">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="product-csv__report-title">
          Import report
        </h2>
        <button type="button" className="link-button" onClick={onClose}>
          Close report
        </button>
      </div>
      <p className="product-csv__file">{report.fileName}</p>
      {failed && (
        <p className="product-csv__message product-csv__message--error" role="alert">
          {m.importSomeFailed}
          {report.stopped && (
            <>
              <br />
              {report.stopped}
            </>
          )}
        </p>
      )}
      <dl className="product-csv__totals">
        {(
          [
            ['Created', report.created],
            ['Updated', report.updated],
            ['Unchanged', report.unchanged],
            ['Refused', refused.length],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count(value)}</dd>
          </div>
        ))}
      </dl>
      {refused.length > 0 && (
        <>
          <p className="product-csv__hint">
            Refused rows changed nothing. Lines are numbered as a spreadsheet numbers its rows: the header is
            line 1.
          </p>
          <div className="admin-table-scroll">
            <table className="admin-table product-csv__table">
              <caption className="visually-hidden">Refused rows</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {refused.slice(0, REFUSED_SHOWN).map((row) => (
                  <tr key={`${row.line}-${row.reason}`}>
                    <td className="product-csv__line" data-label="Line">
                      {row.line}
                    </td>
                    <td data-label="Reason">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {refused.length > REFUSED_SHOWN && (
            <p className="product-csv__hint">
              … and {count(refused.length - REFUSED_SHOWN)} more refused rows (the first {REFUSED_SHOWN} are
              listed).
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The products page's CSV actions (spec 001 §2, §5): 'Export CSV' downloads the given products as
 * products.csv; 'Import CSV' reads a file, imports it in chunks with progress, and reports created, updated,
 * unchanged and refused rows. `onImported` runs when the server has changed the catalogue, so the page reloads it.
 */
export function ProductCsvActions({
  products,
  ready,
  onImported,
}: {
  products: Product[];
  /** The catalogue has loaded: before that an export would be empty and an import would compare with nothing. */
  ready: boolean;
  onImported: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const importRef = useRef<HTMLButtonElement>(null);
  const progressId = useId();
  const hintId = useId();
  const { stage, start, dismiss } = useProductCsvImport(products, onImported);
  const busy = stage.kind === 'reading' || stage.kind === 'importing' || !ready;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after fixing it.
    event.target.value = '';
    if (file) void start(file);
  };

  const closeReport = () => {
    dismiss();
    importRef.current?.focus();
  };

  return (
    <div className="product-csv">
      <div className="product-csv__buttons">
        <button
          type="button"
          className="btn btn--secondary product-csv__button"
          onClick={() => downloadCsv(products)}
          disabled={busy}
        >
          Export CSV
        </button>
        <button
          ref={importRef}
          type="button"
          className="btn btn--secondary product-csv__button"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          aria-describedby={hintId}
        >
          Import CSV
        </button>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file to import"
          className="visually-hidden"
          tabIndex={-1}
          onChange={onPick}
          data-testid="csv-input"
        />
        <span id={hintId} className="visually-hidden">
          A CSV file with the columns Product ID, Product, Description, Brand, Type, Boxcount and Price
        </span>
      </div>

      <div role="status" className="product-csv__status">
        {stage.kind === 'reading' && <p className="product-csv__message">{m.csvReading}</p>}
        {stage.kind === 'importing' && (
          <div className="product-csv__progress">
            <label htmlFor={progressId}>
              {m.csvImporting.replace('{done}', count(stage.done)).replace('{total}', count(stage.total))}
            </label>
            <progress id={progressId} max={stage.total} value={stage.done} />
          </div>
        )}
      </div>
      {stage.kind === 'failed' && (
        <p className="product-csv__message product-csv__message--error" role="alert">
          {stage.message}
          {stage.detail && (
            <>
              <br />
              <span className="product-csv__detail">{stage.detail}</span>
            </>
          )}
        </p>
      )}
      {stage.kind === 'done' && <Report report={stage.report} onClose={closeReport} />}
    </div>
  );
}
