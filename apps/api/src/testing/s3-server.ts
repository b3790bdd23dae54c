/**
 * A real S3-compatible server for tests (s3rver, files in a temporary folder), so the S3 code
 * path talks HTTP with signatures exactly as against MinIO or AWS.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../modules/images/s3-blob-storage';

export interface TestS3Server {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3Server(bucket = 'matchwerk-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'matchwerk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      region: 'eu-central-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
