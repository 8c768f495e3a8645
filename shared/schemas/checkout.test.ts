import { messages } from '../messages.js';
import { formatPhone } from '../rules/order.js';
import { ZCheckoutForm, ZCreateOrderRequest, ZIdempotencyHeaders, ZPhone } from './checkout.js';

const m = messages.checkout;
const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '(555) 123-4567',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  payout: { method: 'check' },
  attestation: true,
};

/** The message for one field path, or undefined when that field is valid. */
function errorAt(input: Record<string, unknown>, path: string): string | undefined {
  const result = ZCheckoutForm.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === path)?.message;
}
const withField = (field: string, value: unknown) => ({ ...valid, [field]: value });
const withPayout = (payout: Record<string, unknown>) => ({ ...valid, payout });

describe('checkout schema: contact and address', () => {
  it('accepts a complete form and normalises it', () => {
    const result = ZCheckoutForm.safeParse({ ...valid, firstName: '  Ann ', state: 'tx' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ firstName: 'Ann', state: 'TX' });
  });

  it.each([
    ['firstName', 'A', m.firstName],
    ['firstName', '  A  ', m.firstName],
    ['lastName', '', m.lastName],
    ['email', 'ann@', m.email],
    ['address', '1 Ma', m.address],
    ['city', 'A', m.city],
    ['state', 'Texas', m.state],
    ['state', 'T1', m.state],
    ['zipCode', '7870', m.zipCode],
    ['zipCode', '78701-12', m.zipCode],
  ])('%s = %j fails with the spec message', (field, value, message) => {
    expect(errorAt(withField(field, value), field)).toBe(message);
  });

  it.each(['78701', '78701-1234'])('accepts ZIP %s', (zip) => {
    expect(errorAt(withField('zipCode', zip), 'zipCode')).toBeUndefined();
  });

  it('requires each field, with its own message when missing', () => {
    expect(errorAt({ payout: { method: 'check' }, attestation: true }, 'firstName')).toBe(m.firstName);
    expect(errorAt({ payout: { method: 'check' }, attestation: true }, 'zipCode')).toBe(m.zipCode);
  });

  describe('phone', () => {
    it.each(['(555) 123-4567', '555-123-4567', '5551234567', '+1 555 123 4567', '1-555-123-4567'])(
      'accepts %s',
      (phone) => {
        expect(errorAt(withField('phone', phone), 'phone')).toBeUndefined();
      },
    );
    it('refuses a non-US pattern', () => {
      expect(errorAt(withField('phone', 'call me'), 'phone')).toBe(m.phonePattern);
      expect(errorAt(withField('phone', '(555) 123-456'), 'phone')).toBe(m.phonePattern);
    });
    it('counts digits: 10, or 11 with the country code', () => {
      const issues = ZCheckoutForm.safeParse(withField('phone', '12345')).error!.issues.filter(
        (i) => i.path[0] === 'phone',
      );
      expect(issues.map((i) => i.message)).toContain(m.phoneDigits);
    });
  });

  it('requires the attestation to be given', () => {
    expect(errorAt(withField('attestation', false), 'attestation')).toBe(m.attestation);
    expect(errorAt({ ...valid, attestation: undefined }, 'attestation')).toBe(m.attestation);
  });
});

describe('checkout schema: payout fields per method', () => {
  it.each([
    [{ method: 'check' }],
    [{ method: 'paypal', paypalEmail: 'ann@example.com' }],
    [{ method: 'cashapp', cashtag: '$AnnLee42' }],
    [{ method: 'zelle', zelleInfo: 'ann@example.com' }],
    [{ method: 'venmo', venmoUsername: 'Ann-Lee_42' }],
    [{ method: 'achWire', bankAccount: '000123456789', routingNumber: '021000021' }],
    [{ method: 'bitcoin', btcAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'.slice(0, 35) }],
    [{ method: 'ethereum', ethAddress: `0x${'a'.repeat(40)}` }],
    [{ method: 'solana', solAddress: '7'.repeat(44) }],
    [{ method: 'usdcErc20', usdcAddress: `0x${'B'.repeat(40)}` }],
    [{ method: 'usdtTrc20', usdtAddress: `T${'x'.repeat(33)}` }],
  ])('accepts %j', (payout) => {
    expect(ZCheckoutForm.safeParse(withPayout(payout)).success).toBe(true);
  });

  it.each([
    ['paypal', 'paypalEmail', 'not-an-email', m.paypalEmail],
    ['cashapp', 'cashtag', 'ann lee', m.cashtag],
    ['cashapp', 'cashtag', 'a'.repeat(21), m.cashtag],
    ['zelle', 'zelleInfo', 'ann', m.zelleInfo],
    ['venmo', 'venmoUsername', 'ann lee', m.venmoUsername],
    ['venmo', 'venmoUsername', 'a'.repeat(31), m.venmoUsername],
    ['achWire', 'bankAccount', '123', m.bankAccount],
    ['achWire', 'bankAccount', '1'.repeat(18), m.bankAccount],
    ['achWire', 'routingNumber', '12345678', m.routingNumber],
    ['bitcoin', 'btcAddress', 'x'.repeat(25), m.btcAddress],
    ['bitcoin', 'btcAddress', 'x'.repeat(36), m.btcAddress],
    ['ethereum', 'ethAddress', `0x${'g'.repeat(40)}`, m.ethAddress],
    ['solana', 'solAddress', 'x'.repeat(31), m.solAddress],
    ['usdcErc20', 'usdcAddress', `0x${'a'.repeat(39)}`, m.usdcAddress],
    ['usdtTrc20', 'usdtAddress', `X${'x'.repeat(33)}`, m.usdtAddress],
  ])('%s: %s = %j fails with %j', (method, field, value, message) => {
    const base: Record<string, Record<string, string>> = {
      achWire: { bankAccount: '000123456789', routingNumber: '021000021' },
    };
    expect(errorAt(withPayout({ method, ...base[method], [field]: value }), `payout.${field}`)).toBe(message);
  });

  it('requires the chosen method’s fields and ignores the others', () => {
    expect(errorAt(withPayout({ method: 'paypal' }), 'payout.paypalEmail')).toBe(m.paypalEmail);
    const result = ZCheckoutForm.safeParse(withPayout({ method: 'check', paypalEmail: 'x' }));
    expect(result.success).toBe(true);
    expect(result.data?.payout).toEqual({ method: 'check' });
  });

  it('refuses an unknown method', () => {
    expect(errorAt(withPayout({ method: 'wire-me-gold' }), 'payout.method')).toBe(m.payoutMethod);
  });
});

describe('create order request', () => {
  const line = { productId: '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b', quantity: 2 };
  const request = (items: unknown) => ZCreateOrderRequest.safeParse({ ...valid, items });

  it('needs at least one line of whole, bounded quantities', () => {
    expect(request([line]).success).toBe(true);
    expect(request([]).error?.issues[0].message).toBe(m.itemsRequired);
    expect(request(undefined).error?.issues[0].message).toBe(m.itemsRequired);
    for (const quantity of [0, -1, 1.5, 101, '2']) {
      expect(request([{ ...line, quantity }]).error?.issues[0].message).toBe(m.quantity);
    }
    expect(request([{ ...line, productId: 'abc' }]).success).toBe(false);
    expect(request(Array.from({ length: 51 }, () => line)).success).toBe(false);
  });

  it('takes no prices or totals from the browser', () => {
    const result = ZCreateOrderRequest.safeParse({ ...valid, total: 1e6, items: [{ ...line, price: 999 }] });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('total');
    expect(result.data?.items[0]).toEqual(line);
  });

  it('requires an Idempotency-Key that is a UUID', () => {
    expect(ZIdempotencyHeaders.safeParse({ 'idempotency-key': line.productId }).success).toBe(true);
    expect(ZIdempotencyHeaders.safeParse({ 'idempotency-key': 'attempt-1' }).error?.issues[0].message).toBe(
      m.idempotencyKey,
    );
    expect(ZIdempotencyHeaders.safeParse({}).error?.issues[0].message).toBe(m.idempotencyKey);
  });
});

describe('phone as the checkout mask leaves it', () => {
  it('takes a number written with its country code, and refuses one that does not fit', () => {
    expect(ZPhone.safeParse(formatPhone('+1 614 555 0123')).success).toBe(true);
    expect(ZPhone.safeParse(formatPhone('16145550123')).success).toBe(true);
    expect(ZPhone.safeParse(formatPhone('26145550123')).success).toBe(false);
    expect(ZPhone.safeParse(formatPhone('555123456789')).success).toBe(false);
  });
});
