import * as z from 'zod/mini';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '../constants.js';
import { adminProductMessages as m } from '../messages.js';

/** POST /api/admin/products/images/uploads: one image file as the browser sees it before uploading. */
export const ZProductImageUploadRequest = z.object({
  filename: z.string(m.uploadFailed).check(z.minLength(1, m.uploadFailed), z.maxLength(255, m.uploadFailed)),
  contentType: z.enum(PRODUCT_IMAGE_TYPES, m.imageOnly),
  size: z
    .number(m.uploadFailed)
    .check(z.int(m.uploadFailed), z.gte(1, m.uploadFailed), z.lt(PRODUCT_IMAGE_MAX_BYTES, m.imageTooLarge)),
});
export type ProductImageUploadRequest = z.infer<typeof ZProductImageUploadRequest>;

/** The presigned POST (`fields` then the file to `url`) and the imageUrl the product will carry once saved. */
export const ZProductImageUploadResponse = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  imageUrl: z.string(),
});

export const ZDeleteProductResponse = z.object({ id: z.string() });

/** The browser's check before asking for an upload (the API applies the same schema). */
export const checkProductImageFile = (file: { name: string; type: string; size: number }): string | null => {
  const parsed = ZProductImageUploadRequest.safeParse({
    filename: file.name,
    contentType: file.type,
    size: file.size,
  });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? m.uploadFailed);
};
