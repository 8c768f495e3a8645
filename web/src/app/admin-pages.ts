import { paths } from '../paths';
import { type PageRoute, pageLoader, routeIn } from './pages';

/**
 * The back office's pages under /admin, each a chunk of its own that the admin frame (admin-app.tsx) renders
 * behind its guard. A chunk of its own too: the preload entry asks for it on a first visit to /admin/* with a
 * session stored (pages.ts), so that the page downloads alongside the frame.
 */
export const adminDashboard: PageRoute = {
  path: paths.admin.path,
  page: pageLoader(() => import('../features/admin-dashboard/dashboard-page').then((m) => m.DashboardPage)),
};
export const adminPages: PageRoute[] = [
  adminDashboard,
  {
    path: paths.adminOrders.path,
    page: pageLoader(() => import('../features/admin-orders/orders-page').then((m) => m.OrdersPage)),
  },
  {
    path: paths.adminOrder.path,
    page: pageLoader(() =>
      import('../features/admin-orders/order-detail-page').then((m) => m.OrderDetailPage),
    ),
  },
  {
    path: paths.adminReceiving.path,
    page: pageLoader(() => import('../features/admin-receiving/receiving-page').then((m) => m.ReceivingPage)),
  },
  {
    path: paths.adminInspection.path,
    page: pageLoader(() =>
      import('../features/admin-receiving/inspection-page').then((m) => m.InspectionPage),
    ),
  },
  {
    path: paths.adminPayouts.path,
    page: pageLoader(() => import('../features/admin-payouts/payouts-page').then((m) => m.PayoutsPage)),
  },
  {
    path: paths.adminSupport.path,
    page: pageLoader(() => import('../features/admin-tickets/tickets-page').then((m) => m.TicketsPage)),
  },
  {
    path: `${paths.adminSupport.path}/:ticketNumber`,
    page: pageLoader(() =>
      import('../features/admin-tickets/ticket-detail-page').then((m) => m.TicketDetailPage),
    ),
  },
  {
    path: paths.adminSettings.path,
    page: pageLoader(() => import('../features/admin-settings/settings-page').then((m) => m.SettingsPage)),
  },
  {
    path: paths.adminCustomers.path,
    page: pageLoader(() => import('../features/admin-customers/customers-page').then((m) => m.CustomersPage)),
  },
  {
    path: `${paths.adminCustomers.path}/:id`,
    page: pageLoader(() =>
      import('../features/admin-customers/customer-detail-page').then((m) => m.CustomerDetailPage),
    ),
  },
  {
    path: paths.adminProducts.path,
    page: pageLoader(() => import('../features/admin-products/products-page').then((m) => m.ProductsPage)),
  },
  {
    path: paths.adminMarketing.path,
    page: pageLoader(() => import('../features/admin-marketing/marketing-page').then((m) => m.MarketingPage)),
  },
  {
    path: `${paths.adminMarketing.path}/sms`,
    page: pageLoader(() => import('../features/admin-marketing/sms-page').then((m) => m.SmsPage)),
  },
  {
    path: `${paths.adminMarketing.path}/email`,
    page: pageLoader(() => import('../features/admin-marketing/email-page').then((m) => m.EmailPage)),
  },
];

/** Starts downloading the back-office page at `pathname`, if there is one. */
export function preloadAdminPage(pathname: string): Promise<unknown> {
  return routeIn(adminPages, pathname)?.page.preload() ?? Promise.resolve();
}
