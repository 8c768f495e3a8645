import { adminGetCustomer } from '@shared/routes/admin-get-customer';
import { type AdminCustomerDetail, isCustomerId } from '@shared/schemas/admin-customer';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCustomerKey } from './query-keys';

/** One customer with the detail page's stats and latest orders. A 4xx (unknown customer) is the answer: no retry. */
export const useAdminCustomer = (id: string) =>
  useQuery({
    queryKey: adminCustomerKey(id),
    queryFn: ({ signal }): Promise<AdminCustomerDetail> =>
      apiRequest(adminGetCustomer, { params: { id }, signal }),
    enabled: isCustomerId(id),
  });
