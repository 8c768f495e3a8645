import * as z from 'zod/mini';

/**
 * The origin secret's JSON (Secrets Manager; locally the local secret file). `originVerify` is what CloudFront
 * sends; during a rotation (infra/ops/origin-rotation.ts) the API also accepts `originVerifyNext` (the new
 * value, before CloudFront sends it) and then `originVerifyPrevious` (the old one, until no edge sends it).
 * Keys as in shared/runtime-env.ts.
 */
export const ZOriginSecret = z.looseObject({
  originVerify: z.optional(z.string()),
  originVerifyNext: z.optional(z.string()),
  originVerifyPrevious: z.optional(z.string()),
});
export type OriginSecret = z.infer<typeof ZOriginSecret>;

/** Every value the API accepts now: one, or two during a rotation. */
export const acceptedOriginValues = (secret: OriginSecret): string[] =>
  [secret.originVerify, secret.originVerifyNext, secret.originVerifyPrevious].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
