/**
 * Image files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, IONOS, Hetzner …), so
 * that several API processes share one store. Selected by S3_BUCKET; disk stays the default.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type BlobStorage } from './blob-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for other providers, e.g. http://127.0.0.1:9000 for MinIO. */
  endpoint?: string;
  /** bucket in the path (MinIO, Ceph, Garage) instead of the host name. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Optional key prefix inside the bucket, e.g. "matchwerk/". */
  prefix?: string;
}

/** DeleteObjects takes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

export interface S3BlobStorage extends BlobStorage {
  /** Fails with a clear message when the bucket is missing or the credentials are wrong. */
  checkBucket(): Promise<void>;
  close(): void;
}

export function createS3BlobStorage(options: S3StorageOptions): S3BlobStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers reject the
    // newer default CRC headers on plain PUT/GET.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };

  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return null;
        throw error;
      }
    },

    async delete(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: options.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
          }),
        );
        // A missing key is not an error in S3; anything listed here failed for real.
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `S3 could not delete ${failed.length} object(s): ${failed.map((entry) => `${entry.Key} (${entry.Code})`).join(', ')}`,
          );
        }
      }
    },

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const reason =
          status === 404
            ? 'gibt es nicht'
            : status === 403
              ? 'ist mit diesen Zugangsdaten nicht erreichbar'
              : 'ist nicht erreichbar';
        throw new Error(
          `S3-Bucket „${options.bucket}“ ${reason} (${options.endpoint ?? 'AWS'}). Prüfen Sie S3_BUCKET, S3_ENDPOINT und die Zugangsdaten.\n` +
            `(S3 bucket "${options.bucket}" is not usable: ${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
    },

    close() {
      client.destroy();
    },
  };
}
