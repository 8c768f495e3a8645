/**
 * The files the EasyPost test server links to: a 4x6 inch PDF label (pdf-lib) and the USPS QR code as a PNG
 * (qrcode for the symbol, pngjs for the image). Both say TEST / NOT FOR SHIPPING, so neither looks real.
 */
import { degrees, grayscale, PDFDocument, type PDFFont, PDFString, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { Address, Shipment } from './store.js';

export const LABEL_TITLE = 'TEST LABEL - NOT FOR SHIPPING';

/** What a form's QR code says: the test server's codes must never pass for a real USPS one. */
export const qrCodeText = (labelBrokerId: string) => `TEST NOT FOR SHIPPING ${labelBrokerId}`;

// --- the label: one 4x6 inch page (288 x 432 points) ------------------------------------------------------

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}.` : value;
}

function addressLines(address: Address): string[] {
  const field = (name: string) => (typeof address[name] === 'string' ? (address[name] as string) : '');
  const cityLine = [field('city'), [field('state'), field('zip')].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = field('country');
  return [field('name'), field('company'), field('street1'), field('street2'), cityLine]
    .concat(country && country !== 'US' ? [country] : [])
    .filter(Boolean)
    .slice(0, 5);
}

/**
 * The standard fonts print WinAnsi only (pdf-lib throws on anything else): a character outside it is tried
 * without its accents or compatibility form ('ｓ' is 's'), and is '?' if that does not help either.
 */
function printable(value: string, font: PDFFont): string {
  const charset = new Set(font.getCharacterSet());
  const fits = (s: string) => s !== '' && [...s].every((ch) => charset.has(ch.codePointAt(0) ?? -1));
  return [...value.normalize('NFC')]
    .map((ch) => {
      if (fits(ch)) return ch;
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      return fits(plain) ? plain : '?';
    })
    .join('');
}

export async function labelPdf(shipment: Shipment): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  // Plain strings, so the file says what it is even to `grep`.
  doc.context.trailerInfo.Info = doc.context.register(
    doc.context.obj({
      Title: PDFString.of(LABEL_TITLE),
      Producer: PDFString.of('local EasyPost test server'),
    }),
  );
  const page = doc.addPage([288, 432]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const black = grayscale(0);
  const white = grayscale(1);
  const textAt = (font: PDFFont, size: number, x: number, y: number, value: string, color = black) =>
    page.drawText(printable(value, font), { x, y, size, font, color });

  // A pale diagonal TEST under everything, so no part of the label looks real.
  page.drawText('TEST', {
    x: 70,
    y: 60,
    size: 110,
    font: bold,
    color: grayscale(0.88),
    rotate: degrees(36.87),
  });
  page.drawRectangle({ x: 9, y: 9, width: 270, height: 414, borderWidth: 2, borderColor: black });
  page.drawRectangle({ x: 9, y: 351, width: 270, height: 72, color: black });
  textAt(bold, 34, 20, 389, 'TEST LABEL', white);
  textAt(bold, 20, 20, 362, 'NOT FOR SHIPPING', white);

  textAt(bold, 9, 20, 330, 'FROM:');
  addressLines(shipment.from_address).forEach((line, i) => {
    textAt(regular, 9, 20, 318 - i * 11, clip(line, 46));
  });
  textAt(bold, 11, 20, 258, 'SHIP TO:');
  addressLines(shipment.to_address).forEach((line, i) => {
    textAt(regular, 12, 20, 243 - i * 14, clip(line, 36));
  });
  page.drawLine({ start: { x: 9, y: 176 }, end: { x: 279, y: 176 }, thickness: 1, color: black });

  const rate = shipment.selected_rate;
  textAt(bold, 11, 20, 160, clip(rate ? `${rate.carrier} ${rate.service}` : 'NO SERVICE', 36));
  textAt(regular, 9, 20, 144, 'TRACKING #');
  textAt(bold, 14, 20, 128, shipment.tracking_code ?? '');
  textAt(regular, 9, 20, 110, 'REFERENCE');
  textAt(bold, 12, 20, 96, clip(shipment.reference ?? shipment.id, 34));
  const date =
    typeof shipment.postage_label?.label_date === 'string' ? shipment.postage_label.label_date : '';
  textAt(regular, 9, 20, 80, `Label date ${date.slice(0, 10)}  -  ${shipment.mode} mode, no postage value`);

  page.drawRectangle({ x: 9, y: 9, width: 270, height: 44, color: black });
  textAt(bold, 12, 20, 34, LABEL_TITLE, white);
  textAt(regular, 8, 20, 20, 'Made by the local EasyPost test server', white);

  // No object streams: the Info dictionary above stays readable in the file.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

// --- the QR code, with TEST - NOT FOR SHIPPING under it ----------------------------------------------------

// 5x7 glyphs for the caption, one 5-bit row each.
const GLYPHS: Record<string, number[]> = {
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '-': [0, 0, 0, 0b11111, 0, 0, 0],
  E: [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
  F: [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000],
  G: [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111],
  H: [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
  I: [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
  N: [0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001, 0b10001],
  O: [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
  P: [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
  R: [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],
  S: [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110],
  T: [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
};
const CAPTION = 'TEST - NOT FOR SHIPPING';
const SCALE = 8; // pixels per module
const QUIET = 4; // modules of light margin

/** A greyscale PNG: the QR code (error correction M), 8 pixels a module, with the caption under it. */
export function qrPng(content: string): Buffer {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const width = (modules.size + QUIET * 2) * SCALE;
  const glyphScale = Math.max(1, Math.floor((width - 2 * SCALE) / (CAPTION.length * 6 - 1)));
  const height = width + 7 * glyphScale + 2 * SCALE;
  const png = new PNG({ width, height, colorType: 0 });
  png.data.fill(0xff);
  const dark = (left: number, top: number, size: number) => {
    for (let y = top; y < top + size; y++) {
      for (let x = left; x < left + size; x++) png.data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  };

  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) dark((QUIET + col) * SCALE, (QUIET + row) * SCALE, SCALE);
    }
  }
  const captionLeft = Math.floor((width - (CAPTION.length * 6 - 1) * glyphScale) / 2);
  [...CAPTION].forEach((ch, i) => {
    GLYPHS[ch].forEach((bits, gy) => {
      for (let gx = 0; gx < 5; gx++) {
        if ((bits >>> (4 - gx)) & 1)
          dark(captionLeft + (i * 6 + gx) * glyphScale, width + gy * glyphScale, glyphScale);
      }
    });
  });
  return PNG.sync.write(png, { colorType: 0 });
}
