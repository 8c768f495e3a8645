import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { PRODUCT_IMAGE_MAX_BYTES, type PRODUCT_IMAGE_TYPES } from '../../shared/constants.js';
import { adminProductMessages as m } from '../../shared/messages.js';
import type { ProductImageUploadRequest } from '../../shared/schemas/admin-products.js';
import { validationError } from '../lib/errors.js';
import { headImage, imagesBucket, presignImageUpload, s3, sniffStoredImage } from '../lib/images.js';

type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];
/** The extensions a file of each type may keep; the first is used when the name has none of them. */
const EXTENSIONS: Record<ProductImageType, string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
};
const PREFIX = 'images/products/';
// Keys are never reused (random plus timestamp), so browsers and CloudFront may keep an image for good.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The file's own extension (lower case) when it fits its type, else the type's usual one. */
export function productImageExtension(filename: string, type: ProductImageType): string {
  const dot = filename.lastIndexOf('.');
  const ext = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return EXTENSIONS[type].includes(ext) ? ext : EXTENSIONS[type][0];
}

/** `images/products/<random>-<timestamp>.<original extension>` (spec 001 §5: random name, timestamp, extension). */
export function newProductImageKey(filename: string, type: ProductImageType, now: Date): string {
  return `${PREFIX}${randomBytes(8).toString('hex')}-${now.getTime()}.${productImageExtension(filename, type)}`;
}

/** The bucket key of a stored imageUrl: the last path segment under images/products/ (spec 001 §7). */
export function productImageKeyOf(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  const segment = imageUrl.split(/[?#]/)[0].split('/').pop();
  return segment ? `${PREFIX}${segment}` : null;
}

/** One presigned POST for a product image; `imageUrl` is what the product saves once the upload is done. */
export async function createProductImageUpload(file: ProductImageUploadRequest, now: Date) {
  const key = newProductImageKey(file.filename, file.contentType, now);
  const { url, fields } = await presignImageUpload({
    key,
    contentType: file.contentType,
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
    fields: { 'Cache-Control': CACHE_CONTROL },
  });
  return { url, fields, imageUrl: `/${key}` };
}

/**
 * Before a product points at a new image: the object must exist, be under the size limit, carry an image type
 * and start with that type's bytes. Anything else is refused on the imageUrl field.
 */
export async function checkUploadedProductImage(imageUrl: string): Promise<void> {
  const key = productImageKeyOf(imageUrl);
  const head = key ? await headImage(key) : null;
  if (!key || !head) throw validationError(m.imageNotUploaded, { imageUrl: m.imageNotUploaded });
  const type = head.storedType as ProductImageType;
  const fine =
    head.size > 0 &&
    head.size < PRODUCT_IMAGE_MAX_BYTES &&
    type in EXTENSIONS &&
    (await sniffStoredImage(key)) === type;
  if (!fine) throw validationError(m.imageOnly, { imageUrl: m.imageOnly });
}

/** Removes a product's image object; callers decide what a failure means. */
export async function deleteProductImage(imageUrl: string | null | undefined): Promise<void> {
  const key = productImageKeyOf(imageUrl);
  if (key) await s3.send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
}
