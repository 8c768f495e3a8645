import { systemClock } from '../../lib/clock.js';
import { acceptAnswersDue } from '../inspection-answer.js';

/** EventBridge's hourly run (shared/routes.ts `schedules`). */
export const handler = async () => acceptAnswersDue(systemClock);
