import { useParams } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';

/** Placeholder: the order detail (spec 001 §2 'Order detail') replaces this at merge. */
export function OrderDetailPage() {
  usePageTitle(paths.adminOrder.title);
  const { orderId } = useParams();
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Order {orderId}</h1>
    </div>
  );
}
