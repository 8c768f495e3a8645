import type { ZCheckoutForm } from '@shared/schemas/checkout';
import type * as z from 'zod/mini';

/** What the inputs hold (before the schema trims and upper-cases) and what a valid submit yields. */
export type CheckoutFormInput = z.input<typeof ZCheckoutForm>;
export type CheckoutFormOutput = z.output<typeof ZCheckoutForm>;
