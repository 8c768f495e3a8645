import { ORDER_LINK_LIFETIME_DAYS } from '@shared/constants';
import { Link } from 'react-router';
import { ClockIcon } from '../../components/icons';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';

/** Where an order link older than 45 days lands (spec 000 §2 Expired link). */
export function ExpiredTokenPage() {
  usePageTitle(paths.expiredToken.title);
  return (
    <div className="container page-section">
      <StatePanel icon={<ClockIcon size={32} />} title="Order Link Expired" headingLevel={1}>
        <p>
          For your security, order links expire after {ORDER_LINK_LIFETIME_DAYS} days. You can still look up
          your order with your order number and the e-mail address you used at checkout.
        </p>
        <div className="button-row button-row--center">
          <Link className="btn btn--primary" to={paths.orderStatus.path}>
            Look Up Order Status
          </Link>
          <Link className="btn btn--secondary" to={paths.contact.path}>
            Contact Support
          </Link>
          <Link className="btn btn--secondary" to={paths.home.path}>
            Return Home
          </Link>
        </div>
      </StatePanel>
    </div>
  );
}
