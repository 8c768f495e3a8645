import { adminListCustomers } from '@shared/routes/admin-list-customers';
import { type CustomerListParams, toAdminCustomerListQuery } from '@shared/rules/admin-customer-filters';
import type { AdminCustomerList } from '@shared/schemas/admin-customer-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCustomerListKey } from './query-keys';

/** One page of the customers list; the previous page stays on screen while the next one loads. */
export const useAdminCustomers = (params: CustomerListParams) =>
  useQuery({
    queryKey: adminCustomerListKey(params),
    queryFn: ({ signal }): Promise<AdminCustomerList> =>
      apiRequest(adminListCustomers, { query: toAdminCustomerListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
