import { AlertIcon, CheckCircleIcon } from './icons';
import { SectionHeader } from './section-header';
import './acceptance-notice.css';
import './check-list.css';

const acceptanceConditions = [
  'Sealed, unopened boxes in their original packaging',
  'At least 10 months until the expiration date',
  'Clean and undamaged boxes',
  'Stored at room temperature',
] as const;

const safetyNotice =
  'Soiled, blood-stained or contaminated items are not paid for and not returned, and the whole shipment may be rejected.';

interface AcceptanceNoticeProps {
  /** Id of the heading, for the enclosing section's `aria-labelledby`. */
  headingId: string;
  title: string;
  intro?: string;
}

/** 'What We Accept': the acceptance conditions and the safety notice, inside the section's container. */
export function AcceptanceNotice({ headingId, title, intro }: AcceptanceNoticeProps) {
  return (
    <div className="container acceptance">
      <div>
        <SectionHeader id={headingId} title={title} intro={intro} />
        <ul className="check-list">
          {acceptanceConditions.map((condition) => (
            <li key={condition}>
              <CheckCircleIcon size={20} />
              {condition}
            </li>
          ))}
        </ul>
      </div>
      <div className="notice notice--danger" role="note">
        <AlertIcon size={22} />
        <div>
          <h3>Safety notice</h3>
          <p>{safetyNotice}</p>
        </div>
      </div>
    </div>
  );
}
