import { adminSmsMessages as m } from '../messages';
import { inboundKeyword, smsStatusOf, ZTwilioInboundMessage, ZTwilioStatusCallback } from './twilio-webhooks';

const SID = `SM${'a1'.repeat(16)}`;

describe('Twilio callback forms', () => {
  it('reads a status callback and refuses an unknown status or SID', () => {
    expect(ZTwilioStatusCallback.parse({ MessageSid: SID, MessageStatus: 'delivered', To: '+1' })).toEqual({
      MessageSid: SID,
      MessageStatus: 'delivered',
    });
    const unknown = ZTwilioStatusCallback.safeParse({ MessageSid: SID, MessageStatus: 'teleported' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toBe(m.invalidCallback);
    expect(ZTwilioStatusCallback.safeParse({ MessageSid: 'SMnope', MessageStatus: 'sent' }).success).toBe(
      false,
    );
  });

  it('maps Twilio statuses onto the five we record', () => {
    expect(smsStatusOf('accepted')).toBe('queued');
    expect(smsStatusOf('sent')).toBe('sent');
    expect(smsStatusOf('read')).toBe('delivered');
    expect(smsStatusOf('undelivered')).toBe('undelivered');
    expect(smsStatusOf('canceled')).toBe('failed');
  });

  it('knows the opt-out and opt-in keywords, whole message only, any case', () => {
    expect(inboundKeyword('  stop ')).toBe('opt-out');
    expect(inboundKeyword('Unsubscribe')).toBe('opt-out');
    expect(inboundKeyword('QUIT')).toBe('opt-out');
    expect(inboundKeyword('start')).toBe('opt-in');
    expect(inboundKeyword('YES')).toBe('opt-in');
    expect(inboundKeyword('please stop texting')).toBeNull();
    expect(ZTwilioInboundMessage.safeParse({ From: 'nobody', Body: 'STOP' }).success).toBe(false);
  });
});
