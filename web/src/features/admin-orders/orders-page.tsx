import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';

/** Placeholder: the orders list (spec 001 §2 'Orders') replaces this at merge. */
export function OrdersPage() {
  usePageTitle(paths.adminOrders.title);
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Orders</h1>
    </div>
  );
}
