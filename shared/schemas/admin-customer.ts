import * as z from 'zod/mini';
import { adminCustomerMessages as m } from '../messages.js';
import { ZAdminCustomerRow } from './admin-customer-list.js';
import { checkoutShape, ZPhone } from './checkout.js';
import { singleLine } from './text.js';

/** A customer's id: `customer.idOf(email)` (32 hex), opaque so no e-mail address appears in a URL. */
export const CUSTOMER_ID_PATTERN = /^[0-9a-f]{32}$/;
export const isCustomerId = (id: string): boolean => CUSTOMER_ID_PATTERN.test(id);

/** Any text: an id that cannot be a customer's is answered 'Customer not found', like an unknown one. */
export const ZCustomerIdParams = z.object({ id: z.string().check(z.maxLength(200)) });

/** The stored address (spec 001 §3): checkout's street, city, state and ZIP rules under the record's names. */
export const ZCustomerAddress = z.object({
  street: checkoutShape.address,
  city: checkoutShape.city,
  state: checkoutShape.state,
  zip: checkoutShape.zipCode,
});
export type CustomerAddress = z.infer<typeof ZCustomerAddress>;

/** PUT /api/admin/customers/{id}: what staff may edit (spec 001 §7: name, phone, address). */
export const ZUpdateCustomerRequest = z.object({
  name: z
    .string(m.nameRequired)
    .check(z.trim(), z.minLength(2, m.nameRequired), z.maxLength(200, m.nameTooLong), singleLine('Name')),
  phone: ZPhone,
  address: ZCustomerAddress,
});
export type UpdateCustomerRequest = z.infer<typeof ZUpdateCustomerRequest>;
export type UpdateCustomerForm = z.input<typeof ZUpdateCustomerRequest>;

/** One of the customer's latest orders on the detail (spec 001 §7: 5 latest, newest first). */
export const ZCustomerOrder = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  total: z.number(),
  paidAmount: z.number(),
  status: z.string(),
});
export type CustomerOrder = z.infer<typeof ZCustomerOrder>;

/** GET (and the answer of PUT) /api/admin/customers/{id}: profile, aggregates and the latest orders. */
export const ZAdminCustomerDetail = z.object({
  ...ZAdminCustomerRow.shape,
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  createdAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  recentOrders: z.array(ZCustomerOrder),
});
export type AdminCustomerDetail = z.infer<typeof ZAdminCustomerDetail>;
