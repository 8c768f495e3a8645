import { CATALOGUE_REFRESH_MS, CATALOGUE_STALE_MS } from '@shared/constants';
import { listProducts as listProductsRoute } from '@shared/routes/list-products';
import type { Product } from '@shared/schemas/product';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { retryTransient } from '../query-client';

export const productsQueryKey = ['products'] as const;

export const listProducts = async (signal?: AbortSignal): Promise<Product[]> =>
  (await apiRequest(listProductsRoute, { signal })).products;

/**
 * The whole catalogue, shared by every page and refreshed while visible; one retry on failure (spec 000 §7, §9).
 * `fresh`: read again when the page opens, whatever the cache holds (the cart and checkout price from it).
 */
export const useProducts = ({ fresh = false }: { fresh?: boolean } = {}) =>
  useQuery({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => listProducts(signal),
    staleTime: CATALOGUE_STALE_MS,
    refetchOnMount: fresh ? 'always' : true,
    // Staff change prices and stock at any time (no redeploy): a visible page picks that up by itself.
    refetchOnWindowFocus: true,
    refetchInterval: CATALOGUE_REFRESH_MS,
    retry: retryTransient(1),
  });
