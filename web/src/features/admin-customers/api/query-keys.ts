import type { CustomerListParams } from '@shared/rules/admin-customer-filters';

/**
 * The customers pages' query keys: every list (any filters) under ['admin', 'customers', 'list', ...] and one
 * customer under ['admin', 'customers', 'detail', id], so a save refreshes both with one invalidation.
 */
export const adminCustomersKey = ['admin', 'customers'] as const;
export const adminCustomerListKey = (params: CustomerListParams) =>
  [...adminCustomersKey, 'list', params] as const;
export const adminCustomerKey = (id: string) => [...adminCustomersKey, 'detail', id] as const;
