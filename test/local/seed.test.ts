import { localCsp } from '../../infra/local/gateway';
import { parseOffset, parseProfile, portsFor } from '../../infra/local/ports';
import { generatePassword, productItem, settingsItem } from '../../infra/local/seed';
import { productImageKey, SEED_PRODUCTS, SEED_SETTINGS } from '../../infra/local/seed-data';
import { productSvg } from '../../infra/local/seed-images';
import { ZPublicSettings } from '../../shared/schemas/settings';

describe('seed catalogue', () => {
  it('is a realistic catalogue: 24+ products, every brand, strips and CGM, prices up to $50', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(24);
    const brands = new Set(SEED_PRODUCTS.map((p) => p.brand));
    for (const brand of ['OneTouch', 'Accu-Chek', 'FreeStyle', 'Contour', 'True Metrix', 'Dexcom'])
      expect(brands).toContain(brand);
    expect(new Set(SEED_PRODUCTS.map((p) => p.productType))).toEqual(
      new Set(['Test Strips', 'CGM', 'Other']),
    );
    for (const p of SEED_PRODUCTS) {
      expect(p.buybackPrice).toBeGreaterThan(0);
      expect(p.buybackPrice).toBeLessThanOrEqual(50);
      expect(Math.round(p.buybackPrice * 100)).toBe(p.buybackPrice * 100);
      expect(p.expirationMonths === null).toBe(p.productType !== 'Other');
    }
    expect(SEED_PRODUCTS.some((p) => !p.inStock)).toBe(true);
  });

  it('has unique, stable ids and product ids from 100 upward', () => {
    expect(new Set(SEED_PRODUCTS.map((p) => p.id)).size).toBe(SEED_PRODUCTS.length);
    expect(SEED_PRODUCTS.map((p) => p.productId)).toEqual(SEED_PRODUCTS.map((_, i) => 100 + i));
    expect(SEED_PRODUCTS[0].id).toBe('b99d9397-ce12-4250-bca8-48b81f7a67fa');
  });

  it('stores products under the keys and lower-case names the repository reads', () => {
    expect(productItem(SEED_PRODUCTS[0])).toEqual({
      pk: 'PRODUCT#b99d9397-ce12-4250-bca8-48b81f7a67fa',
      sk: 'PRODUCT',
      gsi1pk: 'CATALOGUE',
      gsi1sk: '0000000100',
      entity: 'product',
      id: 'b99d9397-ce12-4250-bca8-48b81f7a67fa',
      productid: 100,
      name: 'OneTouch Ultra Test Strips, 100 Count',
      brand: 'OneTouch',
      buybackprice: 38,
      imageurl: '/images/products/b99d9397-ce12-4250-bca8-48b81f7a67fa.svg',
      producttype: 'Test Strips',
      expirationmonths: null,
      boxcount: 100,
      description: SEED_PRODUCTS[0].description,
      instock: true,
      created_at: '2025-01-06T15:12:00.000Z',
      updated_at: '2025-05-19T10:04:00.000Z',
    });
    // CloudFront forwards /images/* unchanged, so the object key keeps the prefix.
    expect(productImageKey(SEED_PRODUCTS[0].id)).toBe(
      'images/products/b99d9397-ce12-4250-bca8-48b81f7a67fa.svg',
    );
  });

  it('draws a well-formed SVG per product', () => {
    for (const product of SEED_PRODUCTS) {
      const svg = productSvg(product);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain(`<title>${product.name}</title>`);
      expect(svg.trim().endsWith('</svg>')).toBe(true);
    }
  });
});

describe('seed settings', () => {
  it('are valid public settings with several payout methods', () => {
    expect(ZPublicSettings.safeParse(SEED_SETTINGS).success).toBe(true);
    expect(settingsItem()).toMatchObject({
      pk: 'SETTINGS',
      sk: 'SITE',
      entity: 'settings',
      phone_number: '(800) 555-0142',
    });
    const enabled = Object.values(SEED_SETTINGS.payment_methods.traditional).filter(Boolean).length;
    expect(enabled).toBeGreaterThanOrEqual(4);
  });
});

describe('admin password', () => {
  it('meets the user pool policy', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });
});

describe('ports', () => {
  it('shifts the test profile by 100 unless told otherwise', () => {
    expect(portsFor('dev')).toEqual({
      site: 3000,
      dynamodb: 8000,
      sqs: 9324,
      s3: 4569,
      cognito: 9229,
      ses: 8005,
      easypost: 8081,
      twilio: 8082,
    });
    expect(portsFor('test')).toEqual({
      site: 3100,
      dynamodb: 8100,
      sqs: 9424,
      s3: 4669,
      cognito: 9329,
      ses: 8105,
      easypost: 8181,
      twilio: 8182,
    });
    expect(portsFor('test', 0).site).toBe(3000);
    expect(portsFor('dev', 7).dynamodb).toBe(8007);
  });

  it('rejects bad settings with one clear line', () => {
    expect(parseProfile(undefined)).toBe('dev');
    expect(() => parseProfile('prod')).toThrow('LOCAL_PROFILE must be "dev" or "test", not "prod".');
    expect(parseOffset('')).toBeUndefined();
    expect(() => parseOffset('-1')).toThrow(/LOCAL_PORT_OFFSET/);
  });
});

describe('localCsp', () => {
  it('adds the local origins to connect-src and drops upgrade-insecure-requests', () => {
    expect(
      localCsp("default-src 'self'; connect-src 'self' https://x; upgrade-insecure-requests", [
        'http://localhost:9229',
      ]),
    ).toBe("default-src 'self'; connect-src 'self' https://x http://localhost:9229");
    expect(localCsp("default-src 'self'", ['http://a'])).toBe(
      "default-src 'self'; connect-src 'self' http://a",
    );
  });

  it('adds the local image origins to img-src', () => {
    expect(
      localCsp("default-src 'self'; img-src 'self' data: https:", ['http://c'], ['http://localhost:8081']),
    ).toBe(
      "default-src 'self'; img-src 'self' data: https: http://localhost:8081; connect-src 'self' http://c",
    );
  });
});
