import { matchRoute, matchRoutePath, orderRoutes } from '../../infra/local/routing';

describe('matchRoutePath', () => {
  it('matches literal paths exactly', () => {
    expect(matchRoutePath('/api/products', '/api/products')).toEqual({});
    expect(matchRoutePath('/api/products', '/api/products/')).toBeNull();
    expect(matchRoutePath('/api/products', '/api/product')).toBeNull();
  });

  it('captures and decodes path parameters', () => {
    expect(matchRoutePath('/api/products/{id}', '/api/products/abc%20d')).toEqual({ id: 'abc d' });
    expect(matchRoutePath('/api/products/{id}', '/api/products/')).toBeNull();
    expect(matchRoutePath('/api/products/{id}', '/api/products/a/b')).toBeNull();
  });

  it('lets a greedy parameter take the rest of the path', () => {
    expect(matchRoutePath('/api/{proxy+}', '/api/a/b/c')).toEqual({ proxy: 'a/b/c' });
    expect(matchRoutePath('/api/{proxy+}', '/api')).toBeNull();
  });
});

describe('matchRoute', () => {
  const routes = orderRoutes([
    { method: 'ANY', path: '/api/{proxy+}', name: 'greedy' },
    { method: 'GET', path: '/api/orders/{id}', name: 'order' },
    { method: 'GET', path: '/api/orders/lookup', name: 'lookup' },
    { method: 'ANY', path: '/api/orders/lookup', name: 'lookup-any' },
    { method: 'POST', path: '/api/orders', name: 'create' },
  ]);
  const name = (method: string, path: string) => matchRoute(routes, method, path)?.route.name ?? null;

  it('prefers literal segments over parameters, and parameters over greedy ones', () => {
    expect(name('GET', '/api/orders/lookup')).toBe('lookup');
    expect(name('GET', '/api/orders/C123456')).toBe('order');
    expect(name('GET', '/api/other/thing')).toBe('greedy');
  });

  it('prefers a method route over ANY and falls back to ANY for other methods', () => {
    expect(name('DELETE', '/api/orders/lookup')).toBe('lookup-any');
    expect(name('POST', '/api/orders')).toBe('create');
  });

  it('returns the path parameters of the match', () => {
    expect(matchRoute(routes, 'GET', '/api/orders/C1')?.pathParameters).toEqual({ id: 'C1' });
  });

  it('returns null when nothing matches', () => {
    expect(
      matchRoute(orderRoutes([{ method: 'GET', path: '/api/products' }]), 'POST', '/api/products'),
    ).toBeNull();
  });
});
