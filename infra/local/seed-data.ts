/**
 * The local catalogue and site settings. Ids are fixed so links to a product stay valid across fresh
 * machines and test runs. Prices are what the store pays per sealed box.
 */

import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/rules/settings-defaults.js';
import type { Product } from '../../shared/schemas/product.js';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { DEFAULT_PARCEL, type ShippingSettings } from '../../shared/schemas/shipment.js';

export type SeedProduct = Omit<Product, 'imageUrl'>;

const strips = (count: number, meters: string) =>
  `Sealed, unexpired box of ${count} test strips for ${meters}. We buy factory-sealed boxes with no tears, stickers or writing; pharmacy labels are fine. Strips need at least 6 months before the expiration date printed on the box.`;

const cgm = (what: string) =>
  `${what} Boxes must be factory-sealed and undamaged, with at least 4 months before expiration. Open or loose sensors cannot be accepted.`;

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    id: 'b99d9397-ce12-4250-bca8-48b81f7a67fa',
    productId: 100,
    name: 'OneTouch Ultra Test Strips, 100 Count',
    brand: 'OneTouch',
    buybackPrice: 38,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'OneTouch Ultra, Ultra2 and UltraMini meters'),
    inStock: true,
    created_at: '2025-01-06T15:12:00.000Z',
    updated_at: '2025-05-19T10:04:00.000Z',
  },
  {
    id: '066f85f4-606b-42ef-8621-6eefc4dd33b0',
    productId: 101,
    name: 'OneTouch Ultra Test Strips, 50 Count',
    brand: 'OneTouch',
    buybackPrice: 19.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'OneTouch Ultra, Ultra2 and UltraMini meters'),
    inStock: true,
    created_at: '2025-01-06T15:20:00.000Z',
    updated_at: '2025-05-19T10:04:00.000Z',
  },
  {
    id: '378f0eec-5acf-4a31-a1ba-e050dc189743',
    productId: 102,
    name: 'OneTouch Ultra Blue Test Strips, 100 Count',
    brand: 'OneTouch',
    buybackPrice: 36.75,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'OneTouch Ultra2 and UltraMini meters (blue box)'),
    inStock: true,
    created_at: '2025-01-08T09:41:00.000Z',
    updated_at: '2025-04-02T16:30:00.000Z',
  },
  {
    id: '249ea867-80b0-4684-a08e-34fe7553a814',
    productId: 103,
    name: 'OneTouch Ultra Blue Test Strips, 50 Count',
    brand: 'OneTouch',
    buybackPrice: 18.25,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'OneTouch Ultra2 and UltraMini meters (blue box)'),
    inStock: true,
    created_at: '2025-01-08T09:45:00.000Z',
    updated_at: '2025-04-02T16:30:00.000Z',
  },
  {
    id: '18c45ca0-3830-4dec-9d61-de614f01e7e3',
    productId: 104,
    name: 'OneTouch Verio Test Strips, 100 Count',
    brand: 'OneTouch',
    buybackPrice: 42,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'OneTouch Verio, Verio IQ, Verio Flex and Verio Reflect meters'),
    inStock: true,
    created_at: '2025-01-15T13:02:00.000Z',
    updated_at: '2025-06-10T08:15:00.000Z',
  },
  {
    id: 'd95d75c7-d3ec-43d9-ad22-1285e013e1e5',
    productId: 105,
    name: 'OneTouch Verio Test Strips, 50 Count',
    brand: 'OneTouch',
    buybackPrice: 21,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'OneTouch Verio, Verio IQ, Verio Flex and Verio Reflect meters'),
    inStock: true,
    created_at: '2025-01-15T13:10:00.000Z',
    updated_at: '2025-06-10T08:15:00.000Z',
  },
  {
    id: 'e2f2426d-352a-410d-a9a4-0b75ae1e3a03',
    productId: 106,
    name: 'OneTouch Verio Flex Test Strips, 30 Count',
    brand: 'OneTouch',
    buybackPrice: 12.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 30,
    description: strips(30, 'the OneTouch Verio Flex meter (also fits every Verio meter)'),
    inStock: true,
    created_at: '2025-02-03T11:25:00.000Z',
    updated_at: '2025-02-03T11:25:00.000Z',
  },
  {
    id: 'c94ce707-1004-4ef9-932a-70bcf142a299',
    productId: 107,
    name: 'Accu-Chek Aviva Plus Test Strips, 50 Count',
    brand: 'Accu-Chek',
    buybackPrice: 17.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'Accu-Chek Aviva, Aviva Plus and Aviva Connect meters'),
    inStock: true,
    created_at: '2025-02-10T14:40:00.000Z',
    updated_at: '2025-05-02T09:12:00.000Z',
  },
  {
    id: 'e6cf2fe3-0858-4ccc-bf71-7706d4f7157e',
    productId: 108,
    name: 'Accu-Chek Guide Test Strips, 100 Count',
    brand: 'Accu-Chek',
    buybackPrice: 39,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'Accu-Chek Guide and Guide Me meters'),
    inStock: true,
    created_at: '2025-02-10T14:55:00.000Z',
    updated_at: '2025-06-21T12:00:00.000Z',
  },
  {
    id: '02724657-b844-4a56-8992-896aa218b064',
    productId: 109,
    name: 'Accu-Chek Guide Test Strips, 50 Count',
    brand: 'Accu-Chek',
    buybackPrice: 20,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'Accu-Chek Guide and Guide Me meters'),
    inStock: true,
    created_at: '2025-02-10T15:02:00.000Z',
    updated_at: '2025-06-21T12:00:00.000Z',
  },
  {
    id: '3de69b04-24dc-45b0-8b8c-8e79df167aef',
    productId: 110,
    name: 'Accu-Chek SmartView Test Strips, 100 Count',
    brand: 'Accu-Chek',
    buybackPrice: 31.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'Accu-Chek Nano SmartView and Instant meters'),
    inStock: true,
    created_at: '2025-02-24T10:18:00.000Z',
    updated_at: '2025-03-30T17:45:00.000Z',
  },
  {
    id: '06a3a8df-ebc5-4602-a555-215e6972943b',
    productId: 111,
    name: 'Accu-Chek Performa Test Strips, 50 Count',
    brand: 'Accu-Chek',
    buybackPrice: 12.25,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'Accu-Chek Performa and Performa Nano meters'),
    inStock: false,
    created_at: '2025-02-24T10:30:00.000Z',
    updated_at: '2025-07-01T09:00:00.000Z',
  },
  {
    id: '348d6a16-95a7-499f-89fa-db15907004f8',
    productId: 112,
    name: 'FreeStyle Lite Test Strips, 100 Count',
    brand: 'FreeStyle',
    buybackPrice: 33,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'FreeStyle Lite and FreeStyle Freedom Lite meters'),
    inStock: true,
    created_at: '2025-03-04T08:50:00.000Z',
    updated_at: '2025-06-12T14:22:00.000Z',
  },
  {
    id: 'd39d153f-c834-4105-9f4c-b1343c4827fa',
    productId: 113,
    name: 'FreeStyle Freedom Lite Test Strips, 50 Count',
    brand: 'FreeStyle',
    buybackPrice: 16.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'FreeStyle Freedom Lite and FreeStyle Lite meters'),
    inStock: true,
    created_at: '2025-03-04T09:05:00.000Z',
    updated_at: '2025-06-12T14:22:00.000Z',
  },
  {
    id: '18f0e174-3a36-4296-af2e-85de5c3e48f5',
    productId: 114,
    name: 'FreeStyle Precision Neo Test Strips, 100 Count',
    brand: 'FreeStyle',
    buybackPrice: 14.75,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'FreeStyle Precision Neo meters'),
    inStock: true,
    created_at: '2025-03-11T16:33:00.000Z',
    updated_at: '2025-03-11T16:33:00.000Z',
  },
  {
    id: '90f83f4b-e183-435f-bd95-64e180450437',
    productId: 115,
    name: 'FreeStyle Libre 2 Sensor',
    brand: 'FreeStyle',
    buybackPrice: 45,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 1,
    description: cgm('One FreeStyle Libre 2 sensor with applicator, worn for up to 14 days.'),
    inStock: true,
    created_at: '2025-03-18T12:00:00.000Z',
    updated_at: '2025-07-08T10:40:00.000Z',
  },
  {
    id: 'deb4afb3-e0af-40c2-b2d7-e667a319a121',
    productId: 116,
    name: 'FreeStyle Libre 3 Sensor',
    brand: 'FreeStyle',
    buybackPrice: 48.5,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 1,
    description: cgm('One FreeStyle Libre 3 sensor, the smallest Libre, worn for up to 14 days.'),
    inStock: true,
    created_at: '2025-03-18T12:10:00.000Z',
    updated_at: '2025-07-08T10:40:00.000Z',
  },
  {
    id: '98e04975-0e05-4878-9341-c5414c90248d',
    productId: 117,
    name: 'Contour Next Test Strips, 100 Count',
    brand: 'Contour',
    buybackPrice: 35,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'Contour Next, Next EZ, Next One and Next Link meters'),
    inStock: true,
    created_at: '2025-04-01T09:30:00.000Z',
    updated_at: '2025-06-30T15:05:00.000Z',
  },
  {
    id: '3effcfb9-d9ed-438c-b4b4-c437e3a68cd7',
    productId: 118,
    name: 'Contour Next Test Strips, 50 Count',
    brand: 'Contour',
    buybackPrice: 17.75,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'Contour Next, Next EZ, Next One and Next Link meters'),
    inStock: true,
    created_at: '2025-04-01T09:36:00.000Z',
    updated_at: '2025-06-30T15:05:00.000Z',
  },
  {
    id: 'f1d36047-83b7-4ca6-8a1b-77ced0b1f3f4',
    productId: 119,
    name: 'Contour Next EZ Test Strips, 50 Count',
    brand: 'Contour',
    buybackPrice: 16.25,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'the Contour Next EZ meter'),
    inStock: false,
    created_at: '2025-04-09T13:15:00.000Z',
    updated_at: '2025-07-14T11:20:00.000Z',
  },
  {
    id: 'a75635bd-e0a8-4e96-8a00-ad241e9728fa',
    productId: 120,
    name: 'Contour Next One Test Strips, 50 Count',
    brand: 'Contour',
    buybackPrice: 18.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'the Contour Next One smart meter'),
    inStock: true,
    created_at: '2025-04-09T13:22:00.000Z',
    updated_at: '2025-04-09T13:22:00.000Z',
  },
  {
    id: 'ad58b1b9-4fe8-43f1-b788-84cfaae4465d',
    productId: 121,
    name: 'True Metrix Air Test Strips, 100 Count',
    brand: 'True Metrix',
    buybackPrice: 12,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 100,
    description: strips(100, 'True Metrix, True Metrix Air and True Metrix Go meters'),
    inStock: true,
    created_at: '2025-04-22T10:00:00.000Z',
    updated_at: '2025-05-28T09:45:00.000Z',
  },
  {
    id: '3bace702-1cc4-4fc0-b136-cb18761fbe0f',
    productId: 122,
    name: 'True Metrix Go Test Strips, 50 Count',
    brand: 'True Metrix',
    buybackPrice: 6.5,
    productType: 'Test Strips',
    expirationMonths: null,
    boxCount: 50,
    description: strips(50, 'True Metrix Go, True Metrix and True Metrix Air meters'),
    inStock: true,
    created_at: '2025-04-22T10:08:00.000Z',
    updated_at: '2025-05-28T09:45:00.000Z',
  },
  {
    id: '27e12b7d-0692-4e85-b4ba-4e1073020940',
    productId: 123,
    name: 'Dexcom G6 Sensors, 3 Pack',
    brand: 'Dexcom',
    buybackPrice: 50,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 3,
    description: cgm('Three Dexcom G6 sensors with built-in applicators, 10 days each.'),
    inStock: true,
    created_at: '2025-05-05T14:14:00.000Z',
    updated_at: '2025-07-20T16:00:00.000Z',
  },
  {
    id: 'c4a6d598-82cb-4889-8d06-9b477497898a',
    productId: 124,
    name: 'Dexcom G7 Sensor',
    brand: 'Dexcom',
    buybackPrice: 44,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 1,
    description: cgm(
      'One Dexcom G7 all-in-one sensor and transmitter, worn for up to 10 days plus a 12-hour grace period.',
    ),
    inStock: true,
    created_at: '2025-05-05T14:20:00.000Z',
    updated_at: '2025-07-20T16:00:00.000Z',
  },
  {
    id: '55accc05-f9d4-462c-a046-b382ea4202a3',
    productId: 125,
    name: 'Dexcom G6 Transmitter',
    brand: 'Dexcom',
    buybackPrice: 42.5,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 1,
    description: cgm(
      'One Dexcom G6 transmitter, reusable for 90 days once activated; it must never have been paired.',
    ),
    inStock: true,
    created_at: '2025-05-12T08:05:00.000Z',
    updated_at: '2025-05-12T08:05:00.000Z',
  },
  {
    id: '4fdbc055-1c8f-4c54-989a-c3190678360e',
    productId: 126,
    name: 'Dexcom G7 Sensors, 3 Pack',
    brand: 'Dexcom',
    buybackPrice: 49.75,
    productType: 'CGM',
    expirationMonths: null,
    boxCount: 3,
    description: cgm('Three individually boxed Dexcom G7 sensors, shipped together.'),
    inStock: true,
    created_at: '2025-06-02T11:45:00.000Z',
    updated_at: '2025-07-22T13:10:00.000Z',
  },
  {
    id: '1c1a3513-01df-4ac3-b40d-fbb3623ea7c8',
    productId: 127,
    name: 'Omnipod DASH Pods, 5 Pack',
    brand: 'Omnipod',
    buybackPrice: 47.5,
    productType: 'Other',
    expirationMonths: 6,
    boxCount: 5,
    description:
      'Sealed box of five Omnipod DASH insulin pods. Pods must be in the original sealed trays with at least 6 months before expiration.',
    inStock: true,
    created_at: '2025-06-16T15:30:00.000Z',
    updated_at: '2025-06-16T15:30:00.000Z',
  },
];

/**
 * The public URL of a product image, and its key in the images bucket. CloudFront's `/images/*` behaviour
 * forwards the path unchanged to the bucket, so the key carries the `images/` prefix.
 */
export const productImageUrl = (id: string) => `/images/products/${id}.svg`;
export const productImageKey = (id: string) => productImageUrl(id).slice(1);

export const SEED_SETTINGS: PublicSettings = {
  ...DEFAULT_PUBLIC_SETTINGS,
  phone_number: '(800) 555-0142',
  support_phone: '(800) 555-0199',
  contact_email: 'support@stripbuyback.test',
  support_email: 'help@stripbuyback.test',
  payment_methods: {
    traditional: { check: true, cashapp: false, paypal: true, zelle: true, venmo: true, achWire: false },
    crypto: { bitcoin: true, ethereum: false, solana: false, usdcErc20: false, usdtTrc20: false },
  },
  teststrips_expiration: 6,
  cgmsupplies_expiration: 4,
  contact: {
    social: {
      facebook: 'https://www.facebook.com/stripbuyback',
      twitter: 'https://x.com/stripbuyback',
      instagram: 'https://www.instagram.com/stripbuyback',
      linkedin: 'https://www.linkedin.com/company/stripbuyback',
    },
    address: {
      street: '1200 Commerce Way, Suite 210',
      city: 'Columbus',
      state: 'OH',
      zipCode: '43215',
      country: 'USA',
    },
  },
};

/**
 * The shipping side of the settings (server-only): test mode, so `npm start` makes TEST labels on the local
 * EasyPost test server with the placeholder test key. The carrier account is a credential: it is in the local
 * secret file (LOCAL_SECRET_PLACEHOLDERS), not here.
 */
export const SEED_SHIPPING_SETTINGS = {
  easypost_use_production: false,
  warehouse_company: 'StripBuyback Receiving',
  warehouse_street: '1200 Commerce Way, Suite 210',
  warehouse_city: 'Columbus',
  warehouse_state: 'OH',
  warehouse_zip: '43215',
  warehouse_phone: '8005550142',
  shipping_parcel: { ...DEFAULT_PARCEL },
} satisfies ShippingSettings;

export const ADMIN_EMAIL = 'admin@stripbuyback.test';

const BRAND_COLOURS: Record<string, string> = {
  OneTouch: '#0a6fc2',
  'Accu-Chek': '#00843d',
  FreeStyle: '#e87722',
  Contour: '#c8102e',
  'True Metrix': '#00838f',
  Dexcom: '#4a8c2a',
  Omnipod: '#6b3fa0',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Splits a product name into at most two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 2);
}

/** A simple product box: brand colour band, brand, product name and count, drawn in SVG. */
export function productSvg(product: SeedProduct): string {
  const colour = BRAND_COLOURS[product.brand] ?? '#44546a';
  const [title, subtitle] = product.name.split(', ');
  const count =
    product.productType === 'Test Strips'
      ? `${product.boxCount} strips`
      : (subtitle ?? (product.boxCount === 1 ? '1 unit' : `${product.boxCount} units`));
  const titleLines = wrap(title.replace(product.brand, '').trim() || title, 18);
  const text = titleLines
    .map(
      (line, i) =>
        `<text x="250" y="${318 + i * 34}" font-size="28" font-weight="600" fill="#1f2933" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(product.name)}">
<title>${escapeXml(product.name)}</title>
<rect width="600" height="600" fill="#f4f6f8"/>
<ellipse cx="300" cy="520" rx="220" ry="22" fill="#d9dee4"/>
<polygon points="90,160 410,160 500,110 180,110" fill="${colour}" opacity="0.75"/>
<polygon points="410,160 500,110 500,450 410,500" fill="${colour}" opacity="0.55"/>
<rect x="90" y="160" width="320" height="340" fill="#ffffff" stroke="#c7ced6" stroke-width="2"/>
<rect x="90" y="160" width="320" height="86" fill="${colour}"/>
<text x="250" y="216" font-family="Helvetica, Arial, sans-serif" font-size="36" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(product.brand)}</text>
<g font-family="Helvetica, Arial, sans-serif">${text}
<text x="250" y="410" font-size="22" fill="#52606d" text-anchor="middle">${escapeXml(product.productType)}</text>
<rect x="170" y="432" width="160" height="40" rx="20" fill="${colour}" opacity="0.12"/>
<text x="250" y="459" font-size="21" font-weight="600" fill="${colour}" text-anchor="middle">${escapeXml(count)}</text></g>
</svg>
`;
}
