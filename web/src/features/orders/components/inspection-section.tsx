import { inspectionMessages as m } from '@shared/messages';
import { formatLongDate } from '@shared/rules/date-format';
import type { InspectionView } from '@shared/schemas/inspection';
import { InspectionSummary } from '../../../components/inspection-summary';
import { isApiError } from '../../../lib/api-client';
import { useAnswerInspection } from '../api/answer-inspection';
import './inspection-section.css';

const contaminatedAny = (inspection: InspectionView) =>
  [...inspection.lines, ...inspection.extras].some((line) =>
    line.rejections.some((r) => r.reason === 'contaminated'),
  );

/** 'Accept' or 'Ask for my items back' (only when something would come back), with the secret link's token. */
function AnswerButtons({ inspection, token }: { inspection: InspectionView; token: string }) {
  const answer = useAnswerInspection(token);
  const { returned } = inspection.answer;
  const pending = answer.isPending ? answer.variables : null;
  const failed =
    isApiError(answer.error) &&
    answer.error.status >= 400 &&
    answer.error.status < 500 &&
    answer.error.message
      ? answer.error.message
      : m.answerFailed;
  return (
    <>
      {returned.length > 0 && (
        <div className="insp-answer__returned">
          <p>{m.returnedItems}</p>
          <ul data-testid="returned-items">
            {returned.map((item) => (
              <li key={item.name}>
                {item.count} × {item.name}
              </li>
            ))}
          </ul>
          {contaminatedAny(inspection) && <p className="insp-answer__note">{m.contaminatedNote}</p>}
        </div>
      )}
      <div className="insp-answer__buttons">
        <button
          type="button"
          className="btn btn--primary"
          disabled={answer.isPending}
          onClick={() => answer.mutate('accept')}
          data-testid="answer-accept"
        >
          {pending === 'accept' && <span className="spinner spinner--inline" aria-hidden="true" />}
          {pending === 'accept' ? m.accepting : m.accept}
        </button>
        {returned.length > 0 && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={answer.isPending}
            onClick={() => answer.mutate('return')}
            data-testid="answer-return"
          >
            {pending === 'return' && <span className="spinner spinner--inline" aria-hidden="true" />}
            {pending === 'return' ? m.askingBack : m.askBack}
          </button>
        )}
      </div>
      {answer.isError && (
        <p className="insp-answer__error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}

/**
 * The inspection on the seller's pages: what was found, line by line, the quote and the amount due; while the
 * answer is awaited, what to choose and by when, with the buttons (the secret link: `token`) or a pointer to the
 * e-mail's link (the tracking page, which has no token); once answered, what happens next.
 */
export function InspectionSection({
  inspection,
  token,
  className = 'card',
}: {
  inspection: InspectionView;
  /** The secret link's token; without it the answer is read-only. */
  token?: string | null;
  className?: string;
}) {
  const { answer } = inspection;
  const label = inspection.return;
  return (
    <section
      className={`${className} insp-section`}
      aria-labelledby="inspection-title"
      data-testid="inspection"
    >
      <h2 id="inspection-title" className="insp-section__title">
        {m.title}
      </h2>
      <InspectionSummary inspection={inspection} heading={3} />
      <div
        className="insp-answer"
        aria-live="polite"
        data-testid="inspection-answer"
        data-state={answer.state}
      >
        {answer.state === 'awaiting' ? (
          <>
            <h3 className="insp-answer__title">{m.answerTitle}</h3>
            <p>{m.awaitingText}</p>
            {answer.dueAt && <p className="insp-answer__due">{m.answerBy(formatLongDate(answer.dueAt))}</p>}
            {token ? (
              <AnswerButtons inspection={inspection} token={token} />
            ) : (
              <p className="insp-answer__note" data-testid="answer-from-email">
                {m.answerFromEmail}
              </p>
            )}
          </>
        ) : (
          <p className="insp-answer__done" data-testid="answered">
            {m.answered[answer.state]}
          </p>
        )}
        {label?.state === 'label_bought' && (
          <p className="insp-answer__label">
            {m.returnLabelReady}{' '}
            {label.trackingNumber && <strong>{m.returnedTracking(label.trackingNumber)}</strong>}
          </p>
        )}
      </div>
    </section>
  );
}
