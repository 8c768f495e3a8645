import { describe, expect, test } from '@jest/globals';
import { matchPath } from 'react-router';
import { backOfficePages, matchesRoute, publicPages } from './pages';

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
  '/admin/orders/ABC-123',
  '/administrator',
  '/nowhere',
  '/products/a.b(c)',
];

describe('the entry script finds the first page as React Router does', () => {
  const routes = [...publicPages, ...backOfficePages].map(({ path }) => path);

  test.each(routes)('%s', (pattern) => {
    const ours = pathnames.filter((pathname) => matchesRoute(pattern, pathname));
    const router = pathnames.filter((pathname) => matchPath({ path: pattern, end: true }, pathname) !== null);
    expect(ours).toEqual(router);
    expect(ours.length).toBeGreaterThan(0);
  });
});
