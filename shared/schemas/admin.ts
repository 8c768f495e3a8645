import * as z from 'zod/mini';

/** Who is signed in to the back office, as the server sees the token (the admin guard's check). */
export const ZAdminSession = z.object({
  sub: z.string(),
  email: z.nullable(z.string()),
  groups: z.array(z.string()),
});
export type AdminSession = z.infer<typeof ZAdminSession>;
