import { adminDeleteProduct } from '@shared/routes/admin-delete-product';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useProductWritesDone } from './save-product';

export function useDeleteProduct() {
  const done = useProductWritesDone();
  return useMutation({
    mutationFn: (id: string) => apiRequest(adminDeleteProduct, { params: { id } }),
    onSuccess: done,
  });
}
