import { adminProductMessages as m } from '@shared/messages';
import { adminCreateProductImageUpload } from '@shared/routes/admin-create-product-image-upload';
import { checkProductImageFile } from '@shared/schemas/admin-products';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { postToStorage } from '../../../lib/storage-upload';

/** A refusal the browser finds before anything is sent (not an image, too large). */
export class ImageFileRefused extends Error {
  override readonly name = 'ImageFileRefused';
}

/**
 * The product image goes from the browser straight to storage with a presigned POST; the answer is the path the
 * product saves (served under /images/). Only image files are accepted, checked here and again by the API.
 */
export function useUploadProductImage() {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      if (!file.type.startsWith('image/')) throw new ImageFileRefused(m.imageOnly);
      const refused = checkProductImageFile(file);
      if (refused) throw new ImageFileRefused(refused);
      const upload = await apiRequest(adminCreateProductImageUpload, {
        body: { filename: file.name, contentType: file.type as never, size: file.size },
      });
      await postToStorage(upload, file);
      if (!upload.imageUrl) throw new Error(m.uploadNoUrl);
      return upload.imageUrl;
    },
  });
}

/** 'Failed to upload image: {reason}' with the reason a person can act on. */
export function uploadFailureMessage(error: unknown): string {
  const reason =
    error instanceof ImageFileRefused || isApiError(error)
      ? error.message
      : error instanceof Error && error.message
        ? error.message
        : '';
  return reason ? m.uploadFailedReason.replace('{reason}', reason) : m.uploadFailed;
}
