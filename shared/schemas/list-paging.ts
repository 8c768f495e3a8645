import * as z from 'zod/mini';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '../constants.js';

/**
 * A back-office list's page and page size as query text (orders, customers): page 1 and 10 when absent, else a
 * whole page number from 1 and one of 10, 25, 50, 100.
 */
export const pagingShape = (messages: { invalidPage: string; invalidPageSize: string }) => ({
  page: z._default(
    z.pipe(
      z.string(messages.invalidPage).check(z.regex(/^[1-9]\d{0,5}$/, messages.invalidPage)),
      z.transform((v) => Number(v)),
    ),
    1,
  ),
  pageSize: z._default(
    z.pipe(
      z.enum(ORDER_PAGE_SIZES.map(String) as [string, ...string[]], messages.invalidPageSize),
      z.transform((v) => Number(v)),
    ),
    DEFAULT_ORDER_PAGE_SIZE,
  ),
});
