import { adminCreateProduct } from '@shared/routes/admin-create-product';
import { adminUpdateProduct } from '@shared/routes/admin-update-product';
import type { Product } from '@shared/schemas/product';
import type { ProductInput } from '@shared/schemas/product-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminProductsQueryKey } from './list-products';

/** The public catalogue's key (features/products): this browser's storefront shows the change at once. */
const storefrontProductsKey = ['products'] as const;

/** Invalidates the staff list and this browser's storefront copy after any product write. */
export function useProductWritesDone() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
      queryClient.invalidateQueries({ queryKey: storefrontProductsKey }),
    ]);
}

/** Creates a product (no id) or replaces an existing one's fields. */
export function useSaveProduct() {
  const done = useProductWritesDone();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }): Promise<Product> =>
      id
        ? apiRequest(adminUpdateProduct, { params: { id }, body: input })
        : apiRequest(adminCreateProduct, { body: input }),
    onSuccess: done,
  });
}
