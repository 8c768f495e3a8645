import {
  isE164,
  isLaterStatus,
  SMS_FOOTER_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SMS_MESSAGE_MAX_LENGTH,
  splitRecipients,
  withFooter,
} from './sms.js';

describe('SMS rules', () => {
  it('accepts E.164 numbers only', () => {
    expect(isE164('+16145550123')).toBe(true);
    expect(isE164('+12')).toBe(true);
    expect(isE164('+0123456')).toBe(false);
    expect(isE164('16145550123')).toBe(false);
    expect(isE164('+1 614 555 0123')).toBe(false);
    expect(isE164('+1234567890123456')).toBe(false);
  });

  it('splits recipients on commas, trims and drops empties', () => {
    expect(splitRecipients(' +15555550100, ,+15555550101,,  ')).toEqual(['+15555550100', '+15555550101']);
    expect(splitRecipients('  ')).toEqual([]);
  });

  it("leaves room for the longest footer within Twilio's limit", () => {
    const longest = withFooter('x'.repeat(SMS_MESSAGE_MAX_LENGTH), 'f'.repeat(SMS_FOOTER_MAX_LENGTH));
    expect(longest.length).toBe(SMS_MAX_LENGTH);
  });

  it('appends the footer on its own paragraph', () => {
    expect(withFooter('Hi', 'Reply STOP to opt out')).toBe('Hi\n\nReply STOP to opt out');
    expect(withFooter('Hi', '  ')).toBe('Hi');
  });

  it('never moves a status backwards, and the first final status stays', () => {
    expect(isLaterStatus('queued', 'sent')).toBe(true);
    expect(isLaterStatus('delivered', 'sent')).toBe(false);
    expect(isLaterStatus('sent', 'undelivered')).toBe(true);
    expect(isLaterStatus('delivered', 'failed')).toBe(false);
  });
});
