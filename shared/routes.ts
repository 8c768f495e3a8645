import type { RouteDef, ScheduleDef, StreamConsumerDef, SubscriberDef, WorkerDef } from './route-def.js';
import { adminAddOrderNote } from './routes/admin-add-order-note.js';
import { adminBuyReturnLabel } from './routes/admin-buy-return-label.js';
import { adminConfirmImages } from './routes/admin-confirm-images.js';
import { adminCreateImageUploads } from './routes/admin-create-image-uploads.js';
import { adminCreateProduct } from './routes/admin-create-product.js';
import { adminCreateProductImageUpload } from './routes/admin-create-product-image-upload.js';
import { adminDeleteOrderImage } from './routes/admin-delete-order-image.js';
import { adminDeleteProduct } from './routes/admin-delete-product.js';
import { adminFindReceivedOrder } from './routes/admin-find-received-order.js';
import { adminGetCustomer } from './routes/admin-get-customer.js';
import { adminGetDashboard } from './routes/admin-get-dashboard.js';
import { adminGetEmailSettings } from './routes/admin-get-email-settings.js';
import { adminGetEmailTemplate } from './routes/admin-get-email-template.js';
import { adminGetLabel } from './routes/admin-get-label.js';
import { adminGetMarketingStats } from './routes/admin-get-marketing-stats.js';
import { adminGetOrder } from './routes/admin-get-order.js';
import { adminGetPayoutOverview } from './routes/admin-get-payout-overview.js';
import { adminGetReceivedOrder } from './routes/admin-get-received-order.js';
import { adminGetSettings } from './routes/admin-get-settings.js';
import { adminGetSmsSettings } from './routes/admin-get-sms-settings.js';
import { adminGetTicket } from './routes/admin-get-ticket.js';
import { adminImportProducts } from './routes/admin-import-products.js';
import { adminListCustomers } from './routes/admin-list-customers.js';
import { adminListEmailLogs } from './routes/admin-list-email-logs.js';
import { adminListEmailTemplates } from './routes/admin-list-email-templates.js';
import { adminListOrders } from './routes/admin-list-orders.js';
import { adminListPayouts } from './routes/admin-list-payouts.js';
import { adminListProducts } from './routes/admin-list-products.js';
import { adminListReceivedToday } from './routes/admin-list-received-today.js';
import { adminListSmsMessages } from './routes/admin-list-sms-messages.js';
import { adminListTickets } from './routes/admin-list-tickets.js';
import { adminLogPayment } from './routes/admin-log-payment.js';
import { adminPayOrder } from './routes/admin-pay-order.js';
import { adminPreviewEmailTemplate } from './routes/admin-preview-email-template.js';
import { adminReceiveOrder } from './routes/admin-receive-order.js';
import { adminRegenerateQrCode } from './routes/admin-regenerate-qr-code.js';
import { adminRequestLabel } from './routes/admin-request-label.js';
import { adminRevealPayoutDetails } from './routes/admin-reveal-payout-details.js';
import { adminSaveEmailSettings } from './routes/admin-save-email-settings.js';
import { adminSaveInspection } from './routes/admin-save-inspection.js';
import { adminSendOrderEmail } from './routes/admin-send-order-email.js';
import { adminSendSms } from './routes/admin-send-sms.js';
import { adminSendTestEmail } from './routes/admin-send-test-email.js';
import { adminSendTestSms } from './routes/admin-send-test-sms.js';
import { adminSetOrderStatus } from './routes/admin-set-order-status.js';
import { adminSetTicketStatus } from './routes/admin-set-ticket-status.js';
import { adminUpdateCustomer } from './routes/admin-update-customer.js';
import { adminUpdateEmailTemplate } from './routes/admin-update-email-template.js';
import { adminUpdateProduct } from './routes/admin-update-product.js';
import { adminUpdateSettings } from './routes/admin-update-settings.js';
import { adminUpdateSmsSettings } from './routes/admin-update-sms-settings.js';
import { answerInspection } from './routes/answer-inspection.js';
import { createOrder } from './routes/create-order.js';
import { createTicket } from './routes/create-ticket.js';
import { easypostWebhook } from './routes/easypost-webhook.js';
import { getAdminSession } from './routes/get-admin-session.js';
import { getAuthConfig } from './routes/get-auth-config.js';
import { getLabel } from './routes/get-label.js';
import { getOrderByToken } from './routes/get-order-by-token.js';
import { getProduct } from './routes/get-product.js';
import { getSettings } from './routes/get-settings.js';
import { listProducts } from './routes/list-products.js';
import { lookupOrder } from './routes/lookup-order.js';
import { regenerateQrCode } from './routes/regenerate-qr-code.js';
import { requestLabel } from './routes/request-label.js';
import { twilioInboundWebhook } from './routes/twilio-inbound-webhook.js';
import { twilioStatusWebhook } from './routes/twilio-status-webhook.js';
import { items, query } from './table-access.js';

export * from './route-def.js';

/**
 * Every HTTP route of the product, one file per route under shared/routes/ (a Lambda imports only its own,
 * so its bundle carries only its own schemas). The CDK stack builds one function and one route per row, the
 * local runner serves exactly what the stack synthesizes, and the web client takes its types from here.
 */
export const routes = {
  getSettings,
  listProducts,
  getProduct,
  createOrder,
  getOrderByToken,
  lookupOrder,
  createTicket,
  requestLabel,
  getLabel,
  regenerateQrCode,
  easypostWebhook,
  getAuthConfig,
  getAdminSession,
  adminRequestLabel,
  adminGetLabel,
  adminRegenerateQrCode,
  adminGetDashboard,
  adminListOrders,
  adminGetOrder,
  adminSetOrderStatus,
  adminLogPayment,
  adminAddOrderNote,
  adminRevealPayoutDetails,
  adminCreateImageUploads,
  adminConfirmImages,
  adminDeleteOrderImage,
  adminSendOrderEmail,
  adminImportProducts,
  adminListTickets,
  adminGetTicket,
  adminSetTicketStatus,
  adminGetSettings,
  adminUpdateSettings,
  adminListCustomers,
  adminGetCustomer,
  adminUpdateCustomer,
  adminListProducts,
  adminCreateProduct,
  adminUpdateProduct,
  adminDeleteProduct,
  adminCreateProductImageUpload,
  adminGetMarketingStats,
  adminGetEmailSettings,
  adminSaveEmailSettings,
  adminSendTestEmail,
  adminListEmailTemplates,
  adminGetEmailTemplate,
  adminUpdateEmailTemplate,
  adminPreviewEmailTemplate,
  adminListEmailLogs,
  adminGetSmsSettings,
  adminUpdateSmsSettings,
  adminSendTestSms,
  adminSendSms,
  adminListSmsMessages,
  twilioStatusWebhook,
  twilioInboundWebhook,
  answerInspection,
  adminFindReceivedOrder,
  adminGetReceivedOrder,
  adminReceiveOrder,
  adminListReceivedToday,
  adminSaveInspection,
  adminBuyReturnLabel,
  adminListPayouts,
  adminGetPayoutOverview,
  adminPayOrder,
} as const satisfies Record<string, RouteDef>;

/** Queue workers: one function per queue, subscribed with partial batch responses. */
export const workers = {
  emailWorker: {
    queue: 'email-jobs',
    handler: 'email/handlers/email-worker',
    timeoutSeconds: 30,
    batchSize: 10,
    // A burst of owed e-mails (a bulk status change) drains at a bounded pace instead of taking the account's
    // concurrency; SES's sending rate (14 a second when production access starts) answers the rest with
    // Throttling, which the worker retries with backoff.
    maxConcurrency: 5,
    retryBaseSeconds: 30,
    capabilities: [
      items(['GetItem', 'PutItem', 'UpdateItem'], 'emailJob'),
      items(['UpdateItem'], 'order', 'messagingStats'),
      items(['GetItem'], 'settings'),
    ],
  },
  labelWorker: {
    queue: 'label-jobs',
    handler: 'labels/handlers/label-worker',
    timeoutSeconds: 60,
    batchSize: 1,
    retryBaseSeconds: 15,
    // EasyPost answers 429 past a rate it adjusts per account; a few labels at a time stay well within it.
    maxConcurrency: 4,
    capabilities: [
      items(['GetItem', 'UpdateItem'], 'order'),
      items(['PutItem'], 'outbox', 'tracking'),
      items(['GetItem'], 'settings'),
      'secret:read',
    ],
  },
  smsWorker: {
    queue: 'sms-jobs',
    handler: 'sms/handlers/sms-worker',
    timeoutSeconds: 30,
    // One SMS per invocation: a slow Twilio answer delays no other message, and a retry touches one record.
    batchSize: 1,
    retryBaseSeconds: 15,
    // Twilio queues what a number cannot send at once (one segment a second for a long code); two senders
    // keep that queue short.
    maxConcurrency: 2,
    capabilities: [
      items(['GetItem', 'PutItem', 'UpdateItem'], 'sms'),
      items(['GetItem', 'UpdateItem'], 'smsSid'),
      items(['PutItem'], 'smsOptOut'),
      items(['UpdateItem'], 'messagingStats'),
      items(['GetItem'], 'settings'),
      'signing-secret:read',
    ],
  },
} as const satisfies Record<string, WorkerDef>;

/** Scheduled functions: one EventBridge rule each. */
export const schedules = {
  refundExpiredLabels: {
    title: 'Refund unused labels',
    handler: 'labels/handlers/refund-expired-labels',
    schedule: 'rate(1 day)',
    timeoutSeconds: 300,
    capabilities: [query('byStatus', 'unusedLabels'), items(['UpdateItem'], 'order'), 'secret:read'],
  },
  acceptAnswersDue: {
    title: 'Accept inspections whose answer window ended',
    handler: 'orders/handlers/accept-answers-due',
    schedule: 'rate(1 hour)',
    timeoutSeconds: 300,
    capabilities: [
      items(['Query', 'DeleteItem'], 'answersDue'),
      items(['GetItem', 'UpdateItem'], 'order'),
      items(['PutItem'], 'payouts'),
    ],
  },
} as const satisfies Record<string, ScheduleDef>;

/** Functions subscribed to the stack's SNS topics: SES reports bounces and complaints to email-events. */
export const subscribers = {
  sesEvents: {
    topic: 'email-events',
    handler: 'email/handlers/ses-events',
    timeoutSeconds: 30,
    capabilities: [items(['UpdateItem'], 'emailJob', 'order', 'messagingStats')],
  },
} as const satisfies Record<string, SubscriberDef>;

/**
 * Consumers of the table's stream. The outbox relay queues the e-mails that writes owe (order confirmation,
 * completion, label, inspection with its SMS, return label, a ticket's two): each owing write adds an outbox
 * record to its own transaction (docs/data-model.md).
 */
export const streamConsumers = {
  outboxRelay: {
    handler: 'email/handlers/outbox-relay',
    entity: 'outbox',
    timeoutSeconds: 30,
    batchSize: 10,
    retryAttempts: 10,
    capabilities: [
      // One read per record: the record, its order (and shipment) or ticket, the settings, its stored template.
      items(['BatchGetItem'], 'outbox', 'order', 'ticket', 'settings', 'emailTemplate'),
      // Settling the record; a record failed for good shows on its order and in Recent Emails.
      items(['UpdateItem'], 'outbox', 'order', 'emailJob'),
      'email-jobs:send',
      // An inspection's short SMS (with SMS on): its record (id derived from the outbox record's), the opt-out
      // check, today's limit, the Twilio token's presence, and its job.
      items(['GetItem', 'PutItem', 'UpdateItem'], 'sms'),
      items(['GetItem'], 'smsOptOut'),
      items(['UpdateItem'], 'messagingStats'),
      'signing-secret:read',
      'sms-jobs:send',
    ],
  },
} as const satisfies Record<string, StreamConsumerDef>;

export const routeList = (): Array<[string, RouteDef]> => Object.entries(routes);
export const workerList = (): Array<[string, WorkerDef]> => Object.entries(workers);
export const scheduleList = (): Array<[string, ScheduleDef]> => Object.entries(schedules);
