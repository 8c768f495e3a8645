import { CATALOGUE_REFRESH_MS, CATALOGUE_STALE_MS } from '@shared/constants';
import { getProduct as getProductRoute } from '@shared/routes/get-product';
import type { Product } from '@shared/schemas/product';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/products/list-products';
import { retryTransient } from '../../../lib/query-client';

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

export const getProduct = (id: string, signal?: AbortSignal): Promise<Product> =>
  apiRequest(getProductRoute, { params: { id }, signal });

/**
 * One product by uuid. Coming from the catalogue it shows at once from the list already in the cache; a 4xx
 * is final, a network or server failure retries once.
 */
export function useProduct(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: productQueryKey(id ?? ''),
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: id !== null,
    staleTime: CATALOGUE_STALE_MS,
    // Staff change prices and stock at any time (no redeploy): a visible page picks that up by itself.
    refetchOnWindowFocus: true,
    refetchInterval: CATALOGUE_REFRESH_MS,
    retry: retryTransient(1),
    initialData: () =>
      queryClient.getQueryData<Product[]>(productsQueryKey)?.find((product) => product.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(productsQueryKey)?.dataUpdatedAt,
  });
}
