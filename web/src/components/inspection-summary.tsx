import { inspectionMessages as m } from '@shared/messages';
import { formatMoney } from '@shared/rules/money';
import type { InspectionLineView, InspectionView } from '@shared/schemas/inspection';
import './inspection-summary.css';

type HeadingLevel = 2 | 3 | 4;

/** What became of one line's boxes, one sentence each: accepted, reduced (price and reason), rejected (reason). */
export function lineOutcomes(line: InspectionLineView): string[] {
  if (line.received === 0) return [m.notReceived];
  const outcomes: string[] = [];
  if (line.accepted > 0) outcomes.push(m.accepted(line.accepted));
  for (const r of line.reductions) outcomes.push(m.reduced(r.count, formatMoney(r.price), r.reason));
  for (const r of line.rejections) outcomes.push(m.rejected(r.count, r.label));
  return outcomes;
}

function Line({ line, heading }: { line: InspectionLineView; heading: HeadingLevel }) {
  const H = `h${heading}` as const;
  return (
    <li className="insp-line" data-testid="inspection-line">
      <div className="insp-line__head">
        <H className="insp-line__name">{line.name}</H>
        <span className="insp-line__received">{m.receivedCount(line.received)}</span>
      </div>
      <ul className="insp-line__outcomes">
        {lineOutcomes(line).map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the outcomes of one saved line, fixed in order.
          <li key={index}>{text}</li>
        ))}
      </ul>
      {line.note && <p className="insp-line__note">{line.note}</p>}
      {line.photos.length > 0 && (
        <ul className="insp-line__photos">
          {line.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={m.photoAlt(line.name, index + 1)}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="insp-line__due">
        <span>{m.lineDue}</span> <strong>{formatMoney(line.due)}</strong>
      </p>
    </li>
  );
}

/**
 * An order's inspection line by line (accepted, reduced with price and reason, rejected with the reason's label),
 * the items that were not on the order, the original quote and the amount due. The server computed every amount;
 * this only shows them. The back office's order detail and inspection page and the seller's pages all use it.
 */
export function InspectionSummary({
  inspection,
  heading = 3,
}: {
  inspection: InspectionView;
  /** The level of each line's heading (the summary sits under a heading one level up). */
  heading?: HeadingLevel;
}) {
  const sub = Math.min(heading, 4) as HeadingLevel;
  const H = `h${sub}` as const;
  return (
    <div className="insp-summary" data-testid="inspection-summary">
      <ul className="insp-lines">
        {inspection.lines.map((line) => (
          <Line key={line.productId} line={line} heading={heading} />
        ))}
      </ul>
      {inspection.extras.length > 0 && (
        <>
          <H className="insp-summary__extras">{m.extrasTitle}</H>
          <ul className="insp-lines">
            {inspection.extras.map((line) => (
              <Line key={line.productId} line={line} heading={Math.min(heading + 1, 4) as HeadingLevel} />
            ))}
          </ul>
        </>
      )}
      <dl className="insp-totals">
        <div>
          <dt>{m.quote}</dt>
          <dd data-testid="inspection-quote">{formatMoney(inspection.quote)}</dd>
        </div>
        <div className="insp-totals__due">
          <dt>{m.amountDue}</dt>
          <dd data-testid="inspection-amount-due">{formatMoney(inspection.amountDue)}</dd>
        </div>
      </dl>
    </div>
  );
}
