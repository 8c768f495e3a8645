/**
 * Every public route of the site with its page title (spec 000 §2). Pages and links take their paths from
 * here; a title is shown as '{title} | {site name}'.
 */
export const paths = {
  home: { path: '/', title: 'Home' },
  products: { path: '/products', title: 'Sell Test Strips' },
  product: { path: '/products/:slug' },
  cart: { path: '/cart', title: 'Your Cart' },
  checkout: { path: '/checkout', title: 'Checkout' },
  orderConfirmation: { path: '/order-confirmation', title: 'Order Confirmed' },
  orderStatus: { path: '/order-status', title: 'Order Status' },
  /** Not in the spec's title list: the default title. */
  shippingQrCode: { path: '/shipping-qr-code/:orderId', title: null },
  howItWorks: { path: '/how-it-works', title: 'How It Works' },
  faq: { path: '/faq', title: 'FAQ' },
  contact: { path: '/contact', title: 'Contact Us' },
  /** Not in the spec's title list: the default title. */
  expiredToken: { path: '/expired-token', title: null },
  login: { path: '/login', title: 'Login' },
  admin: { path: '/admin', title: 'Admin Dashboard' },
  adminOrders: { path: '/admin/orders', title: 'Orders' },
  adminOrder: { path: '/admin/orders/:orderId', title: 'Order Details' },
  adminProducts: { path: '/admin/products', title: 'Products' },
  adminReceiving: { path: '/admin/receiving', title: 'Receiving' },
  adminInspection: { path: '/admin/receiving/:orderId', title: 'Inspection' },
  adminPayouts: { path: '/admin/payouts', title: 'Payouts' },
  adminCustomers: { path: '/admin/customers', title: 'Customers' },
  adminMarketing: { path: '/admin/marketing', title: 'Marketing' },
  adminSupport: { path: '/admin/support', title: 'Support Tickets' },
  /** The back office's settings page, linked when a label fails for a shipping-configuration reason. */
  adminSettings: { path: '/admin/settings', title: 'Settings' },
} as const;

/** The contact page, optionally about one order: its Subject is prefilled (`/contact?order=C7K2M9Q`). */
export const contactHref = (orderNumber?: string): string => {
  const order = orderNumber?.trim();
  return order ? `${paths.contact.path}?${new URLSearchParams({ order })}` : paths.contact.path;
};

export const productTitle = (productName: string): string => `Sell ${productName} Online`;

/** The secret link to an order's confirmation page, as the e-mail sends it. */
export const orderConfirmationHref = (token: string): string =>
  `${paths.orderConfirmation.path}?${new URLSearchParams({ token })}`;

/** One order in the back office (spec 001 §2: /admin/orders/{orderId}). */
export const adminOrderHref = (orderId: string): string => `/admin/orders/${encodeURIComponent(orderId)}`;

/** An order's inspection in the back office, straight after receiving and from the order detail (issue 40). */
export const adminInspectionHref = (orderId: string): string =>
  `/admin/receiving/${encodeURIComponent(orderId)}`;

/** The USPS QR code page of an order; the token lets the page load (and regenerate) the code itself. */
export const shippingQrCodeHref = (orderId: string, token?: string | null): string => {
  const path = `/shipping-qr-code/${encodeURIComponent(orderId)}`;
  return token ? `${path}?${new URLSearchParams({ token })}` : path;
};
