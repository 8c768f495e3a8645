import { adminOrderMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../components/admin/status-badge';
import { AlertIcon, ArrowLeftIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { isValidOrderId, useAdminOrder } from './api/get-order';
import { ActivityLog } from './components/activity-log';
import { CustomerSection, ShippingSection } from './components/customer-section';
import { InspectionSection } from './components/inspection-section';
import { OrderEmails } from './components/order-emails';
import { OrderImagesSection } from './components/order-images';
import { OrderItems } from './components/order-items';
import { OrderNotesSection } from './components/order-notes';
import { PaymentSection } from './components/payment-section';
import { QuickJump } from './components/quick-jump';
import { StatusControl } from './components/status-control';
import './order-detail.css';

const ORDERS_PATH = '/admin/orders';

function BackLink() {
  return (
    <Link to={ORDERS_PATH} className="aod-back">
      <ArrowLeftIcon size={18} />
      Back to Orders
    </Link>
  );
}

function LoadProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="aod" data-testid="order-load-problem">
      <BackLink />
      <StatePanel icon={<AlertIcon size={32} />} title={m.detailFailedTitle} headingLevel={1} tone="error">
        <p>{message}</p>
        {onRetry && (
          <div className="button-row button-row--center">
            <button type="button" className="btn btn--primary" onClick={onRetry}>
              Try Again
            </button>
          </div>
        )}
      </StatePanel>
    </div>
  );
}

function OrderDetailView({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="aod" data-testid="order-detail">
      <BackLink />
      <header className="card aod-header">
        <div className="aod-header__title">
          <h1>Order #{order.orderId}</h1>
          <StatusBadge status={order.status} testId="order-status-badge" />
        </div>
        <p className="aod-muted">
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · Last updated{' '}
          <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
        </p>
        <div className="aod-header__controls">
          <StatusControl orderId={order.orderId} status={order.status} />
          <OrderEmails order={order} />
        </div>
        <QuickJump />
      </header>
      <div className="aod-grid">
        <CustomerSection order={order} />
        <OrderItems order={order} />
        <InspectionSection order={order} />
        <ShippingSection order={order} />
        <PaymentSection order={order} />
        <OrderNotesSection order={order} />
        <OrderImagesSection order={order} />
        <ActivityLog order={order} />
      </div>
    </div>
  );
}

/** `/admin/orders/{orderId}` (spec 001 §2 'Order detail'): one order, everything staff do with it. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  usePageTitle(`Order ${orderId}`);
  const query = useAdminOrder(orderId);

  if (!isValidOrderId(orderId)) return <LoadProblem message={m.notFound} />;
  if (query.isPending) return <LoadingState message="Loading order details..." />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <LoadProblem message={notFound ? m.notFound : m.detailFailed} onRetry={() => void query.refetch()} />
    );
  }
  return <OrderDetailView order={query.data} />;
}
