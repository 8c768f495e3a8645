/** The seeded products' pictures: an SVG box in the brand's colour with the product's name on it. */
import { escapeXml } from './http.js';
import type { SeedProduct } from './seed-data.js';

const BRAND_COLOURS: Record<string, string> = {
  OneTouch: '#0a6fc2',
  'Accu-Chek': '#00843d',
  FreeStyle: '#e87722',
  Contour: '#c8102e',
  'True Metrix': '#00838f',
  Dexcom: '#4a8c2a',
  Omnipod: '#6b3fa0',
};

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
