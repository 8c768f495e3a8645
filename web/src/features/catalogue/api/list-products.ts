import type { Product } from '@shared/schemas/product';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const productsQueryKey = ['products'] as const;

export const listProducts = async (signal?: AbortSignal): Promise<Product[]> =>
  (await apiRequest('listProducts', { signal })).products;

const FIVE_MINUTES = 5 * 60 * 1000;

/** The whole catalogue, fetched once and shared by every page; one retry on failure (spec 000 §7, §9). */
export const useProducts = () =>
  useQuery({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => listProducts(signal),
    staleTime: FIVE_MINUTES,
    retry: 1,
  });
