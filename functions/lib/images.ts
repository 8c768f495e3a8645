/**
 * The images bucket (order photos, product images): one S3 client per container, presigned POST uploads whose
 * policy fixes the key, the content type and the size range, and the checks a stored upload must pass.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { IMAGE_UPLOAD_EXPIRY_SECONDS } from '../../shared/constants.js';
import * as ENV from '../../shared/env-vars.js';
import { requireEnv } from './env.js';

// Created once per container. Locally the S3 endpoint is the emulator's (AWS_ENDPOINT_URL_S3), which only
// speaks path-style URLs; POST uploads carry no checksum, so none is computed unless an operation needs one.
export const s3 = new S3Client({
  requestChecksumCalculation: 'WHEN_REQUIRED',
  ...(process.env.AWS_ENDPOINT_URL_S3 ? { forcePathStyle: true } : {}),
});

export const imagesBucket = (): string => requireEnv(ENV.imagesBucket);

export type SniffedImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** The image type the first bytes of a file show (its magic number), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  // GIF87a / GIF89a
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  return null;
}

/** S3 answering "no such object". Without s3:ListBucket it answers a missing key with 403 rather than 404. */
export const isMissingObject = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    [403, 404].includes(e?.$metadata?.httpStatusCode ?? 0)
  );
};

export interface ImageUploadPolicy {
  key: string;
  contentType: string;
  /** Exclusive upper bound in bytes. */
  maxBytes: number;
  /** Further form fields the policy fixes (object metadata, cache control). */
  fields?: Record<string, string>;
}

/** A presigned POST: the browser sends `fields` then the file to `url`; S3 refuses anything the policy does not allow. */
export async function presignImageUpload(policy: ImageUploadPolicy) {
  return createPresignedPost(s3, {
    Bucket: imagesBucket(),
    Key: policy.key,
    Fields: { 'Content-Type': policy.contentType, ...policy.fields },
    Conditions: [['content-length-range', 1, policy.maxBytes - 1]],
    Expires: IMAGE_UPLOAD_EXPIRY_SECONDS,
  });
}

export interface StoredImageObject {
  size: number;
  /** The content type stored with the object, lower case, without parameters. */
  storedType: string;
  metadata: Record<string, string> | undefined;
}

/** The stored object's size, type and metadata, or null when there is no such object. */
export async function headImage(key: string): Promise<StoredImageObject | null> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: key }));
    return {
      size: head.ContentLength ?? 0,
      storedType: (head.ContentType ?? '').split(';')[0].trim().toLowerCase(),
      metadata: head.Metadata,
    };
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** What the object's first bytes say it is (its magic number). */
export async function sniffStoredImage(key: string): Promise<SniffedImageType | null> {
  const object = await s3.send(
    new GetObjectCommand({ Bucket: imagesBucket(), Key: key, Range: 'bytes=0-15' }),
  );
  return sniffImageType((await object.Body?.transformToByteArray()) ?? new Uint8Array());
}
