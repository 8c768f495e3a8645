import { systemClock } from '../../lib/clock.js';
import { refundExpiredLabels } from '../label-refunds.js';

/** EventBridge's daily run (shared/routes.ts `schedules`). */
export const handler = async () => refundExpiredLabels(systemClock());
