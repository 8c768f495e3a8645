import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { ORDER_IMAGE_MAX_BYTES, type ORDER_IMAGE_TYPES } from '../../shared/constants.js';
import { adminOrderMessages as m } from '../../shared/messages.js';
import { checkImageFiles } from '../../shared/rules/admin-order-forms.js';
import { isAllowedImageSize } from '../../shared/schemas/admin-orders.js';
import type { OrderItem } from '../lib/entities.js';
import { AppError, validationError } from '../lib/errors.js';
import { headImage, imagesBucket, presignImageUpload, s3, sniffStoredImage } from '../lib/images.js';
import { errorDetails, log } from '../lib/log.js';
import { type StoredImage, storedImages } from '../lib/order-views.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from './order-writes.js';

type ImageType = (typeof ORDER_IMAGE_TYPES)[number];
const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/** The original file name travels with the upload as object metadata (the policy fixes it too). */
const ORIGINAL_NAME_FIELD = 'x-amz-meta-original-name';
const ORIGINAL_NAME_METADATA = 'original-name';

/** Where an order photo lives in the images bucket (CloudFront serves `/images/*` as is). */
export const orderImageKey = (orderId: string, imageId: string, ext: string) =>
  `images/orders/${orderId}/${imageId}.${ext}`;

export interface UploadRequestFile {
  filename: string;
  contentType: string;
  size: number;
}

/**
 * One presigned POST per file. The spec's checks come first, naming the offending files; then each policy
 * fixes the object key, its content type and its size range, so S3 refuses anything else.
 */
export async function createImageUploads(orderId: string, files: UploadRequestFile[]) {
  await getOrderForStaff(orderId);
  // The same rule the browser applies before uploading, with the spec's messages naming the files.
  const refused = checkImageFiles(
    files.map((f) => ({ name: f.filename, size: f.size, type: f.contentType })),
  );
  if (refused) throw validationError(refused, { files: refused });

  const uploads = await Promise.all(
    files.map(async (file) => {
      const imageId = randomUUID();
      const type = file.contentType as ImageType;
      const { url, fields } = await presignImageUpload({
        key: orderImageKey(orderId, imageId, EXTENSION[type]),
        contentType: type,
        maxBytes: ORDER_IMAGE_MAX_BYTES,
        fields: { [ORIGINAL_NAME_FIELD]: encodeURIComponent(file.filename) },
      });
      return { imageId, filename: file.filename, url, fields };
    }),
  );
  return { uploads };
}

interface FoundUpload {
  imageId: string;
  key: string;
  ext: string;
  originalName: string;
  /** Why it cannot be attached, or null when it is a good image. */
  problem: string | null;
}

function originalNameOf(metadata: Record<string, string> | undefined, fallback: string): string {
  const raw = metadata?.[ORIGINAL_NAME_METADATA];
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw).slice(0, 255);
  } catch {
    return fallback;
  }
}

/** The uploaded object of one image id (any of the three extensions), checked: size, stored type, magic bytes. */
async function inspectUpload(orderId: string, imageId: string): Promise<FoundUpload | null> {
  const candidates = await Promise.all(
    (Object.entries(EXTENSION) as Array<[ImageType, string]>).map(async ([type, ext]) => {
      const key = orderImageKey(orderId, imageId, ext);
      const head = await headImage(key);
      return head ? { type, ext, key, head } : null;
    }),
  );
  const found = candidates.find((c) => c !== null);
  if (!found) return null;
  const { type, ext, key, head } = found;
  const originalName = originalNameOf(head.metadata, `${imageId}.${ext}`);
  let problem: string | null = null;
  if (!isAllowedImageSize(head.size) || head.storedType !== type) problem = m.imageRejected(originalName);
  else if ((await sniffStoredImage(key)) !== type) problem = m.imageRejected(originalName);
  return { imageId, key, ext, originalName, problem };
}

/**
 * Checks every upload before attaching any: a missing one refuses the call, a bad one (too large, another type,
 * bytes that are not that image) is deleted and refuses the call; only then are the good ones added to the
 * order's image map with one IMAGE_UPLOAD entry.
 */
export async function confirmImages(
  orderId: string,
  imageIds: string[],
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  await getOrderForStaff(orderId);
  const ids = [...new Set(imageIds)];
  const found = await Promise.all(ids.map((id) => inspectUpload(orderId, id)));
  if (found.some((f) => f === null))
    throw validationError(m.imageNotUploaded, { imageIds: m.imageNotUploaded });
  const uploads = found as FoundUpload[];
  const bad = uploads.filter((u) => u.problem);
  if (bad.length) {
    const Bucket = imagesBucket();
    await Promise.all(bad.map((u) => s3.send(new DeleteObjectCommand({ Bucket, Key: u.key }))));
    const message = bad.map((u) => u.problem).join(' ');
    throw validationError(message, { imageIds: message });
  }

  await changeOrder(orderId, m.uploadFailed, async (order) => {
    const at = now().toISOString();
    const images: StoredImage[] = uploads.map((u) => ({
      id: u.imageId,
      url: `/${u.key}`,
      filename: `${u.imageId}.${u.ext}`,
      original_name: u.originalName,
      uploaded_at: at,
    }));
    await commit(
      new OrderUpdate(order, at).putImages(images).append('activity_log', [
        {
          id: randomUUID(),
          type: 'IMAGE_UPLOAD',
          message: images.length === 1 ? '1 image uploaded' : `${images.length} images uploaded`,
          timestamp: at,
          details: uploads.map((u) => u.originalName).join(', '),
          ...(by ? { by } : {}),
        },
      ]),
    );
  });
  return getOrderForStaff(orderId);
}

/** Removes a photo from the order, then its object (only ever one of this order's own keys). */
export async function deleteImage(
  orderId: string,
  imageId: string,
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  const removed = await changeOrder(orderId, m.deleteImageFailed, async (order) => {
    const image = storedImages(order.images, order.updated_at).find((i) => i.id === imageId);
    if (!image) throw new AppError('not_found', m.imageNotFound);
    const at = now().toISOString();
    await commit(
      new OrderUpdate(order, at).removeImage(imageId).append('activity_log', [
        {
          id: randomUUID(),
          type: null,
          message: 'Image deleted',
          timestamp: at,
          details: image.original_name ?? image.filename,
          ...(by ? { by } : {}),
        },
      ]),
    );
    return image;
  });
  const key = removed.url.replace(/^\//, '');
  if (key.startsWith(`images/orders/${orderId}/`)) {
    // The order no longer shows it; an object left behind is only storage, so a failure is logged, not answered.
    await s3
      .send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }))
      .catch((error: unknown) =>
        log('error', 'order image object not deleted', { orderId, key, ...errorDetails(error) }),
      );
  }
  return getOrderForStaff(orderId);
}
