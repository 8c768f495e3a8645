import { adminConfirmImages } from '@shared/routes/admin-confirm-images';
import { adminCreateImageUploads } from '@shared/routes/admin-create-image-uploads';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { postToStorage, StorageUploadError } from '../../../lib/storage-upload';
import { useOrderDetailCache } from './order-cache';

/**
 * Order photos go from the browser straight to storage: the API hands out one presigned POST per file, the
 * browser sends each, then asks the API to check the stored objects and attach them. `progress` is the share
 * of bytes sent (0 to 100) while uploading, else null.
 */
export function useUploadOrderImages(orderId: string) {
  const cache = useOrderDetailCache(orderId);
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: async (files: File[]): Promise<AdminOrderDetail> => {
      setProgress(0);
      const { uploads } = await apiRequest(adminCreateImageUploads, {
        params: { orderId },
        body: { files: files.map((f) => ({ filename: f.name, contentType: f.type, size: f.size })) },
      });
      // The API answers one upload per file, in the order asked.
      if (uploads.length !== files.length) throw new StorageUploadError('Upload count mismatch');
      const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
      const sent = files.map(() => 0);
      await Promise.all(
        uploads.map((upload, i) =>
          postToStorage(upload, files[i], (loaded) => {
            sent[i] = Math.min(loaded, files[i].size);
            setProgress(Math.round((sent.reduce((a, b) => a + b, 0) / total) * 100));
          }),
        ),
      );
      await cache.holdReads();
      return apiRequest(adminConfirmImages, {
        params: { orderId },
        body: { imageIds: uploads.map((u) => u.imageId) },
      });
    },
    onSuccess: cache.apply,
    onSettled: () => setProgress(null),
  });

  return { ...mutation, progress };
}
