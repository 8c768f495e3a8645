import { AlertIcon } from '../../../components/icons';
import { StatePanel } from '../../../components/state-panel';

/** What the panel needs of a react-query result. */
interface Retryable {
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A page or card whose data could not be loaded: the spec's failure message and a Try again button (disabled
 * while the retry runs). `page` for a whole page's data, else one card's.
 */
export function LoadFailed({
  title,
  query,
  page = false,
}: {
  title: string;
  query: Retryable;
  page?: boolean;
}) {
  return (
    <StatePanel icon={<AlertIcon size={page ? 32 : 28} />} title={title} tone="error">
      <div className="button-row button-row--center">
        <button
          type="button"
          className={page ? 'btn btn--primary' : 'btn btn--secondary'}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          Try again
        </button>
      </div>
    </StatePanel>
  );
}
