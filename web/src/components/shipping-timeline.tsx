import { formatDateTime } from '@shared/rules/date-format';
import type { TimelineEntry } from '@shared/schemas/order';
import './shipping-timeline.css';

interface ShippingTimelineProps {
  entries: TimelineEntry[];
  /** The id of the heading that names the list. */
  labelledBy: string;
}

/**
 * Label events and carrier scans, oldest first, as the API sends them: when, what, and where. Used by the
 * order confirmation and the order tracking pages.
 */
export function ShippingTimeline({ entries, labelledBy }: ShippingTimelineProps) {
  return (
    <ol className="shipping-timeline" aria-labelledby={labelledBy}>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; entries may repeat.
        <li key={`${entry.at}-${index}`} className={`shipping-timeline__entry is-${entry.kind}`}>
          <time className="shipping-timeline__date" dateTime={entry.at}>
            {formatDateTime(entry.at)}
          </time>
          <span className="shipping-timeline__message">{entry.message}</span>
          {entry.location && <span className="shipping-timeline__location">{entry.location}</span>}
        </li>
      ))}
    </ol>
  );
}
