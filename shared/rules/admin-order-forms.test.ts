import { ORDER_IMAGE_MAX_BYTES } from '../constants';
import { adminOrderMessages as m } from '../messages';
import { type LogPaymentForm, ZLogPaymentForm } from '../schemas/admin-orders';
import { checkImageFiles, paymentDetailLabel, paymentMethodLabel, statusLabel } from './admin-order-forms';

/** The form's answer as the page reads it: the request, or the first message (the amount's before the method's). */
function validatePaymentForm(input: LogPaymentForm) {
  const parsed = ZLogPaymentForm.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message };
}

const png = (name: string, size = 1000) => ({ name, size, type: 'image/png' });

describe('checkImageFiles', () => {
  it('lets up to 10 JPEG, PNG and WebP files under 7MB through', () => {
    const files = [
      png('a.png'),
      { name: 'b.jpg', size: ORDER_IMAGE_MAX_BYTES - 1, type: 'image/jpeg' },
      { name: 'c.webp', size: 10, type: 'image/webp' },
      ...Array.from({ length: 7 }, (_, i) => png(`more-${i}.png`)),
    ];
    expect(files).toHaveLength(10);
    expect(checkImageFiles(files)).toBeNull();
  });

  it('refuses more than 10 files before looking at any of them', () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.gif`, size: 1, type: 'image/gif' }));
    expect(checkImageFiles(files)).toBe('Maximum 10 files allowed');
  });

  it('names every file of 7MB or more', () => {
    const files = [
      png('big.png', ORDER_IMAGE_MAX_BYTES),
      png('ok.png'),
      { name: 'huge.jpg', size: ORDER_IMAGE_MAX_BYTES * 2, type: 'image/jpeg' },
    ];
    expect(checkImageFiles(files)).toBe('Files must be under 7MB each. big.png, huge.jpg exceed the limit.');
  });

  it('names every file of another type, and empty files', () => {
    const files = [
      { name: 'doc.pdf', size: 100, type: 'application/pdf' },
      png('fine.png'),
      { name: 'anim.gif', size: 100, type: 'image/gif' },
      png('empty.png', 0),
    ];
    expect(checkImageFiles(files)).toBe(
      'Only JPEG, PNG, and WebP images are allowed. doc.pdf, anim.gif, empty.png are not valid.',
    );
  });

  it('reports size before type', () => {
    const files = [{ name: 'x.gif', size: ORDER_IMAGE_MAX_BYTES + 1, type: 'image/gif' }];
    expect(checkImageFiles(files)).toBe(m.filesTooLarge('x.gif'));
  });
});

describe('the log-payment form schema', () => {
  const base = { amount: '25.50', method: 'zelle', notes: '  sent  ' };

  it('accepts an amount in cents with a method, trimming the notes', () => {
    expect(validatePaymentForm(base)).toEqual({
      ok: true,
      value: { amount: 25.5, method: 'zelle', notes: 'sent' },
    });
  });

  it.each([[''], ['   '], ['0'], ['-5'], ['0.00']])('refuses the amount %p as not valid', (amount) => {
    expect(validatePaymentForm({ ...base, amount })).toEqual({
      ok: false,
      message: 'Please enter a valid payment amount',
    });
  });

  it.each([['abc'], ['12abc'], ['1e999']])('refuses %p as not a number', (amount) => {
    expect(validatePaymentForm({ ...base, amount })).toEqual({
      ok: false,
      message: 'Invalid payment amount',
    });
  });

  it('refuses what the number field could not read', () => {
    expect(validatePaymentForm({ ...base, amount: '', amountUnreadable: true })).toEqual({
      ok: false,
      message: 'Invalid payment amount',
    });
  });

  it('refuses fractions of a cent and absurd amounts like the API', () => {
    expect(validatePaymentForm({ ...base, amount: '1.005' })).toEqual({
      ok: false,
      message: m.paymentAmount,
    });
    expect(validatePaymentForm({ ...base, amount: '2000000' })).toEqual({
      ok: false,
      message: m.paymentAmount,
    });
  });

  it('requires a method the back office knows', () => {
    expect(validatePaymentForm({ ...base, method: '' })).toEqual({
      ok: false,
      message: 'Please select a payment method',
    });
    expect(validatePaymentForm({ ...base, method: 'gold' })).toEqual({ ok: false, message: m.paymentMethod });
  });
});

describe('labels', () => {
  it('names payment detail keys readably', () => {
    expect(paymentDetailLabel('paypalEmail')).toBe('PayPal Email');
    expect(paymentDetailLabel('usdtAddress')).toBe('USDT (TRC-20) Address');
    expect(paymentDetailLabel('walletMemo')).toBe('Wallet memo');
    expect(paymentDetailLabel('bank_name')).toBe('Bank name');
  });

  it('names payment methods from either list', () => {
    expect(paymentMethodLabel('cashapp')).toBe('Cash App');
    expect(paymentMethodLabel('usdcErc20')).toBe('USDC (ERC-20)');
    expect(paymentMethodLabel('Direct Deposit')).toBe('Direct Deposit');
    expect(paymentMethodLabel('')).toBe('');
  });

  it('capitalises statuses', () => {
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('out_for_delivery')).toBe('Out for delivery');
  });
});
