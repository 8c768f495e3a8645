import { marketingMessages } from '@shared/messages';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../components/icons';
import { marketingPaths } from '../marketing-paths';

/** The way back from a channel's page to the marketing overview. */
export function BackToMarketing() {
  return (
    <Link to={marketingPaths.overview} className="marketing-back">
      <ArrowLeftIcon size={18} />
      {marketingMessages.title}
    </Link>
  );
}
