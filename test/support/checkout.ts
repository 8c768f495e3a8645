import { randomUUID } from 'node:crypto';
import type { Product } from '../../shared/schemas/product';
import { api } from './stack';

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export function checkoutBody(
  email: string,
  items: Array<{ productId: string; quantity: number; [extra: string]: unknown }>,
  over: Record<string, unknown> = {},
) {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    phone: '(555) 123-4567',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    payout: { method: 'check' },
    attestation: true,
    items,
    ...over,
  };
}

export const postOrder = (body: unknown, key: string | null = randomUUID()) =>
  api<Record<string, unknown>>('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

export async function catalogue(): Promise<Product[]> {
  const res = await api<{ products: Product[] }>('/api/products');
  return res.body.products;
}
