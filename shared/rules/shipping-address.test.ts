import { hasCompleteShippingAddress, missingShippingFields } from './shipping-address.js';

describe('shipping address completeness', () => {
  const full = { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' };

  it('accepts an address with street, city, state and zip', () => {
    expect(missingShippingFields(full)).toEqual([]);
    expect(hasCompleteShippingAddress(full)).toBe(true);
  });

  it('names every missing or blank part, in order', () => {
    expect(missingShippingFields({ ...full, city: '  ', zipCode: '' })).toEqual(['city', 'zipCode']);
    expect(missingShippingFields({ address: '1 Main St', state: 'TX' })).toEqual(['city', 'zipCode']);
    expect(hasCompleteShippingAddress({ ...full, state: undefined })).toBe(false);
  });

  it('treats no address at all as missing everything', () => {
    expect(missingShippingFields(null)).toEqual(['address', 'city', 'state', 'zipCode']);
    expect(hasCompleteShippingAddress(undefined)).toBe(false);
  });
});
