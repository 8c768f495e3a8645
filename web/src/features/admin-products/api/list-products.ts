import { adminListProducts } from '@shared/routes/admin-list-products';
import type { Product } from '@shared/schemas/product';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every admin product query starts with this key: a save or delete invalidates it. */
export const adminProductsQueryKey = ['admin', 'products'] as const;

/** The whole catalogue for staff (out-of-stock products too), in productid order. */
export const useAdminProducts = () =>
  useQuery({
    queryKey: adminProductsQueryKey,
    queryFn: async ({ signal }): Promise<Product[]> =>
      (await apiRequest(adminListProducts, { signal })).products,
  });
