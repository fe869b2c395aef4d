import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './spawn-server';

/** A real S3 protocol server (s3rver, files in a temp dir) for the `s3` upload driver's tests. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  /** Stops answering (the port closes; stored objects stay). */
  stop(): Promise<void>;
  /** Answers again on the same port with the same objects. */
  start(): Promise<void>;
  /** Stops and deletes everything. */
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one empty bucket. */
export async function startTestS3(bucket = 'cv-proofs'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'cv-s3-'));
  const port = await freePort();
  const options = { address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] };
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver(options);
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER', // s3rver's fixed credentials
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
