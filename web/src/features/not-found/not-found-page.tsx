import { Link } from 'react-router';
import { ArrowLeftIcon, SearchIcon } from '../../components/icons';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';

export function NotFoundPage() {
  usePageTitle(null);
  return (
    <div className="container page-section">
      <StatePanel icon={<SearchIcon size={32} />} title="Page Not Found" headingLevel={1}>
        <p>The page you are looking for does not exist or has moved.</p>
        <div className="button-row button-row--center">
          <Link className="btn btn--primary" to={paths.home.path}>
            <ArrowLeftIcon size={18} />
            Back to Home
          </Link>
        </div>
      </StatePanel>
    </div>
  );
}
