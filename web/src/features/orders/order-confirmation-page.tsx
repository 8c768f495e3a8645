import { messages } from '@shared/messages';
import { ZOrderConfirmation } from '@shared/schemas/order';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { OrderProblemPanel } from '../../components/order-problem-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { useOrderByToken } from './api/get-order-by-token';
import { OrderConfirmationView } from './components/order-confirmation-view';
import './order-confirmation.css';

function ProblemPanel({ message }: { message: string }) {
  return (
    <OrderProblemPanel message={message}>
      <Link to={paths.orderStatus.path} className="btn btn--primary">
        Track your order
      </Link>
      <Link to={paths.contact.path} className="btn btn--secondary">
        Contact Support
      </Link>
    </OrderProblemPanel>
  );
}

/** The order handed over by checkout, if the navigation carried one that fits the contract. */
function orderFromState(state: unknown) {
  const order = (state as { order?: unknown } | null)?.order;
  if (order === undefined) return null;
  const parsed = ZOrderConfirmation.safeParse(order);
  return parsed.success ? parsed.data : null;
}

/**
 * `/order-confirmation` (spec 000 §2): the order from checkout's navigation state, or from the secret
 * `?token=` link in the e-mail; an expired link goes to /expired-token.
 */
export function OrderConfirmationPage() {
  usePageTitle(paths.orderConfirmation.title);
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const stateOrder = useMemo(() => orderFromState(location.state), [location.state]);
  const token = stateOrder ? null : searchParams.get('token');
  const query = useOrderByToken(token);
  const status = isApiError(query.error) ? query.error.status : null;

  useEffect(() => {
    if (status === 410) navigate(paths.expiredToken.path, { replace: true });
  }, [status, navigate]);

  const order = stateOrder ?? query.data;
  if (order) return <OrderConfirmationView order={order} token={token} />;
  if (!token) return <ProblemPanel message={messages.order.noToken} />;
  if (query.isError) {
    if (status === 410) return <LoadingState message="Loading..." />;
    if (status === 404) return <ProblemPanel message={messages.order.unknownOrder} />;
    if (status === 400 && isApiError(query.error)) return <ProblemPanel message={query.error.message} />;
    return <ProblemPanel message={messages.order.loadFailed} />;
  }
  return (
    <div className="container page-section">
      <LoadingState message="Loading your order..." />
    </div>
  );
}
