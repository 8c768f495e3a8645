import * as z from 'zod/mini';

/**
 * What SES publishes to the email-events topic for the configuration set (event publishing: `eventType`; the
 * older identity notifications say `notificationType`), reduced to what the e-mail log needs. The SNS record
 * carries it as JSON text in `Sns.Message`.
 */
const recipient = z.object({ emailAddress: z.string(), diagnosticCode: z.optional(z.string()) });

export const ZSesEvent = z.object({
  eventType: z.optional(z.string()),
  notificationType: z.optional(z.string()),
  mail: z.object({
    messageId: z.string(),
    destination: z.optional(z.array(z.string())),
    tags: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
  bounce: z.optional(
    z.object({
      bounceType: z.string(),
      bounceSubType: z.optional(z.string()),
      bouncedRecipients: z.array(recipient),
    }),
  ),
  complaint: z.optional(
    z.object({
      complainedRecipients: z.array(recipient),
      complaintFeedbackType: z.optional(z.string()),
    }),
  ),
});
export type SesEvent = z.infer<typeof ZSesEvent>;

export const ZSnsEvent = z.object({
  Records: z.array(z.object({ Sns: z.object({ MessageId: z.string(), Message: z.string() }) })),
});
export type SnsEvent = z.infer<typeof ZSnsEvent>;
