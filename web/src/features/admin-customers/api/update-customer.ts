import { adminUpdateCustomer } from '@shared/routes/admin-update-customer';
import type { UpdateCustomerForm } from '@shared/schemas/admin-customer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCustomerKey, adminCustomersKey } from './query-keys';

/** Saves name, phone and address; the answer is the customer as stored, and every customers list refetches. */
export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerForm) => apiRequest(adminUpdateCustomer, { params: { id }, body }),
    onSuccess: async (customer) => {
      queryClient.setQueryData(adminCustomerKey(id), customer);
      await queryClient.invalidateQueries({ queryKey: [...adminCustomersKey, 'list'] });
    },
  });
}
