import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/platform/config';
import { createS3Client } from '../../src/server/modules/media/s3-media-store';

/**
 * A real S3-compatible server (s3rver) on loopback, with one empty bucket: what the media store
 * talks to in tests, over HTTP with signed requests, as it talks to MinIO or AWS.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'cmd-s3-'));
  const bucket = `cmd-media-${randomBytes(4).toString('hex')}`;
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed credentials; it checks the signature.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = createS3Client(settings);
  let closed = false;
  return {
    settings,
    /** What a deployment sets to use this server. */
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Where the server keeps everything it holds, multipart parts included. */
    directory,
    /** An outage: the server stops answering; what it holds stays. */
    async stop() {
      await server?.close();
      server = null;
    },
    /** The outage ends: the server answers again, on the same port, with what it held. */
    async restart() {
      server = serve(port);
      await server.run();
    },
    /** The names of the objects in the bucket. */
    async objectNames(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    /** An object as whoever runs the bucket sees it: its bytes and metadata. */
    async rawObject(key: string): Promise<{ bytes: Buffer; metadata: Record<string, string> }> {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: await buffer(object.Body as Readable), metadata: object.Metadata ?? {} };
    },
    /** Stops the server (a test may stop it early to see the store fail); once is enough. */
    async close() {
      if (closed) return;
      closed = true;
      client.destroy();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
