import { summarizeMessageStats } from './message-stats.js';

describe('summarizeMessageStats', () => {
  it('is all zero when nothing was sent', () => {
    expect(summarizeMessageStats([])).toMatchObject({
      smsSent: 0,
      emailsSent: 0,
      smsSuccessRate: 0,
      emailSuccessRate: 0,
    });
  });

  it('sums the days and rates what was tried', () => {
    const stats = summarizeMessageStats([
      { sms_sent: 8, sms_failed: 2, sms_delivered: 6, sms_undelivered: 1, email_sent: 9, email_failed: 1 },
      { sms_sent: 0, email_sent: 1, email_bounced: 2 },
    ]);
    expect(stats.smsSent).toBe(8);
    expect(stats.smsFailed).toBe(3);
    expect(stats.smsSuccessRate).toBe(70);
    expect(stats.emailsSent).toBe(10);
    expect(stats.emailSuccessRate).toBe(72.7);
  });
});
