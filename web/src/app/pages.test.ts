import { describe, expect, test } from '@jest/globals';
import { routes } from '@shared/routes';
import { matchPath } from 'react-router';
import { adminPages } from './admin-pages';
import { AUTH_CONFIG_API, backOfficePages, CATALOGUE_API, publicPages } from './pages';
import { matchesRoute } from './route-match';

const pathnames = [
  '/',
  '/products',
  '/products/',
  '/PRODUCTS',
  '/products/onetouch-ultra-100',
  '/products/onetouch-ultra-100/',
  '/products/a/b',
  '/products-x',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/order-status',
  '/shipping-qr-code/9f1c',
  '/shipping-qr-code/',
  '/how-it-works',
  '/faq',
  '/contact',
  '/expired-token',
  '/login',
  '/admin',
  '/admin/',
  '/admin/orders',
  '/admin/orders/ABC-123',
  '/admin/orders/ABC-123/x',
  '/admin/receiving',
  '/admin/receiving/C7K2M9Q',
  '/admin/payouts',
  '/admin/support',
  '/admin/support/TKT-1',
  '/admin/settings',
  '/admin/customers',
  '/admin/customers/0f3a',
  '/admin/products',
  '/admin/marketing',
  '/admin/marketing/sms',
  '/admin/marketing/email',
  '/administrator',
  '/nowhere',
  '/products/a.b(c)',
];

describe('the entry script finds the first page as React Router does', () => {
  // The back office's pages too: a first visit with a session stored preloads the one at its address.
  const routes = [...publicPages, ...backOfficePages, ...adminPages].map(({ path }) => path);

  test.each(routes)('%s', (pattern) => {
    const ours = pathnames.filter((pathname) => matchesRoute(pattern, pathname));
    const router = pathnames.filter((pathname) => matchPath({ path: pattern, end: true }, pathname) !== null);
    expect(ours).toEqual(router);
    expect(ours.length).toBeGreaterThan(0);
  });
});

describe("the API answers a first visit asks for with the page's scripts", () => {
  const route = (path: string) => [...publicPages, ...backOfficePages].find((entry) => entry.path === path);

  test('are the catalogue routes of the route table', () => {
    expect(CATALOGUE_API).toBe(routes.listProducts.path);
    expect(`${CATALOGUE_API}/{id}`).toBe(routes.getProduct.path);
    expect(AUTH_CONFIG_API).toBe(routes.getAuthConfig.path);
  });

  test('the sign-in page and the back office: the sign-in configuration', () => {
    expect(route('/login')?.data?.('/login')).toEqual(['/api/auth/config']);
    expect(route('/admin/*')?.data?.('/admin/orders')).toEqual(['/api/auth/config']);
  });

  test('the catalogue and the cart: the list; a product: that product, by the id at the end of its slug', () => {
    const id = '06a3a8df-ebc5-4602-a555-215e6972943b';
    expect(route('/products')?.data?.('/products')).toEqual(['/api/products']);
    expect(route('/cart')?.data?.('/cart')).toEqual(['/api/products']);
    expect(route('/products/:slug')?.data?.(`/products/accu-chek-50-${id.toUpperCase()}`)).toEqual([
      `/api/products/${id}`,
    ]);
    // A slug without an id shows 'not found' without asking; a malformed escape is no error.
    expect(route('/products/:slug')?.data?.('/products/%E0%A4%A')).toEqual([]);
    expect(route('/products/:slug')?.data?.('/products/no-id-here')).toEqual([]);
    expect(route('/contact')?.data).toBeUndefined();
  });
});
