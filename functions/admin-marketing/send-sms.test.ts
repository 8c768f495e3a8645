import { adminSmsMessages as m } from '../../shared/messages';
import { screenRecipients } from './send-sms';

describe('recipients', () => {
  it('refuses numbers that are not E.164 and repeats, keeping the order', () => {
    expect(screenRecipients(['+15005550006', '555-1234', '+15005550006', '+447700900123'])).toEqual({
      numbers: ['+15005550006', '+447700900123'],
      refused: [
        { to: '555-1234', reason: m.invalidPhone },
        { to: '+15005550006', reason: m.duplicateRecipient },
      ],
    });
  });
});
