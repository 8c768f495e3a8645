/** The marketing section's pages (spec 001 §2: /admin/marketing/sms and /admin/marketing/email). */
export const marketingPaths = {
  overview: '/admin/marketing',
  sms: '/admin/marketing/sms',
  email: '/admin/marketing/email',
} as const;
