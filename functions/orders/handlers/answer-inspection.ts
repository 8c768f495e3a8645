import { answerInspection as route } from '../../../shared/routes/answer-inspection.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { answerInspection } from '../inspection-answer.js';

export const handler = httpRoute(route, ({ body, sourceIp }) =>
  answerInspection(body, sourceIp, systemClock),
);
