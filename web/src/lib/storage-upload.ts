/** A presigned POST as the API hands it out: every field goes before the file. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** The storage refused or never answered the upload itself (not an API error). */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
}

/**
 * One presigned POST: every policy field first and the file last, as S3 requires. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function postToStorage(
  post: PresignedPost,
  file: File,
  onProgress: (loaded: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(post.fields)) form.append(key, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', post.url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve();
      } else reject(new StorageUploadError(`Upload refused (${xhr.status})`));
    };
    xhr.onerror = () => reject(new StorageUploadError('Upload failed'));
    xhr.onabort = () => reject(new StorageUploadError('Upload aborted'));
    xhr.send(form);
  });
}
