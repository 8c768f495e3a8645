import { isPermanent } from './send-job';

describe('Twilio errors', () => {
  it('tells permanent refusals from errors worth retrying', () => {
    expect(isPermanent({ status: 400, code: 21211, message: 'invalid' })).toBe(true);
    expect(isPermanent({ status: 400, code: 21610, message: 'opted out' })).toBe(true);
    expect(isPermanent({ status: 401, code: 20003, message: 'auth' })).toBe(true);
    expect(isPermanent({ status: 429, code: 20429, message: 'too many' })).toBe(false);
    expect(isPermanent({ status: 503, message: 'unavailable' })).toBe(false);
    expect(isPermanent({ message: 'ECONNRESET' })).toBe(false);
  });
});
