import { emailDisabledMessage, adminOrderMessages as m } from '../../shared/messages.js';
import { readEmailSettings } from './email/stored-email-settings.js';
import { findTemplate } from './email/templates.js';
import type { OrderItem } from './entities.js';
import { AppError } from './errors.js';
import { errorDetails, log } from './log.js';
import { emailableOrder, ORDER_EMAIL_DEFAULTS } from './order-emails.js';
import { getStoredSettings } from './settings/settings-repository.js';

/**
 * Why a completion cannot e-mail the seller (spec 001 §5's reasons: e-mail switched off, order data missing,
 * the stored template unusable), or null when the e-mail can be owed.
 */
export async function completionEmailProblem(order: OrderItem): Promise<string | null> {
  try {
    emailableOrder(order);
    if (!(await findTemplate('order_completed', ORDER_EMAIL_DEFAULTS))) {
      return m.templateNotFound('order_completed');
    }
    if (!readEmailSettings(await getStoredSettings()).isEnabled) return emailDisabledMessage;
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return error.message;
    log('error', 'completion e-mail check failed', { orderId: order.order_id, ...errorDetails(error) });
    return m.completionFailed;
  }
}
