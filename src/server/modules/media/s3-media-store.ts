import { randomUUID } from 'node:crypto';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { MEDIA_PATH_PATTERN } from '../../../shared/media-kinds';
import {
  createEncryptStream,
  decryptSpan,
  MAX_HEADER_BYTES,
  parseHeader,
  plaintextSize,
  requireKeyFor,
  sealedSpan,
  type SealedHeader,
} from './chunked-cipher';
import type { S3Settings } from '../../platform/config';
import type { MediaKeyring } from './media-keys';
import { storeUnavailable } from './store-outage';
import { InvalidMediaPathError, type FileParts, type StoredFiles } from './media-store';

/**
 * Multipart parts of 5 MiB (the least S3 takes), one in flight while the next fills: an upload
 * holds about 10 MiB whatever the file's size (250 MB needs 50 parts; S3 allows 10,000).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A store that does not answer must fail the request, not hold it (and its socket) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
    // Checksums only where S3 requires them: the SDK's default (CRC32 on every request since
    // 3.729) is refused by older MinIO, Ceph and Garage, and GCM already authenticates each chunk.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNoSuchUpload = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchUpload' || error.$metadata.httpStatusCode === 404);

/** 5 MiB (the least S3 takes for a part) and a little: five sealed 1 MiB chunks. */
const CHUNKS_PER_PART = 5;

/** A store that does not answer (refused, timed out, 5xx) is an outage, not the file's fault. */
function asOutage(error: unknown): unknown {
  const status = error instanceof S3ServiceException ? (error.$metadata.httpStatusCode ?? 0) : 0;
  return status === 0 || status >= 500 ? storeUnavailable(error) : error;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket, under the same names as on disk ("media/<uuid>.<ext>"), and
 * encrypted the same way before a byte leaves the process: the bucket (and whoever runs it) holds
 * only sealed chunks. Every instance of a deployment reads what any other wrote. Uploads stream
 * through a multipart upload; a byte range is one ranged GET of the chunks that hold it (plus
 * one for the file's header).
 */
export function createS3MediaStore(
  settings: S3Settings,
  keys: MediaKeyring,
  s3: S3Client = createS3Client(settings),
): StoredFiles & { parts: FileParts } {
  const client = {
    send: (async (command: Parameters<S3Client['send']>[0]) =>
      s3.send(command).catch((error: unknown) => {
        throw asOutage(error);
      })) as S3Client['send'],
  };
  const Bucket = settings.bucket;
  const checked = (path: string): string => {
    if (!MEDIA_PATH_PATTERN.test(path)) throw new InvalidMediaPathError(path);
    return path;
  };

  /** The object's header and its encrypted size, or null when there is no such object. */
  async function head(Key: string): Promise<{ header: SealedHeader; size: number } | null> {
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${MAX_HEADER_BYTES - 1}` }),
      );
      const bytes = await buffer(object.Body as Readable);
      const size = Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? bytes.length);
      return { header: parseHeader(bytes), size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * A resumable upload's parts are the parts of an S3 multipart upload under the file's own key:
   * sealed before they leave the process, and the object appears only when completed.
   */
  const parts: FileParts = {
    chunksPerPart: CHUNKS_PER_PART,
    anySize: false,
    async begin(path) {
      const created = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: checked(path),
          ContentType: 'application/octet-stream',
          Metadata: { 'key-id': keys.current.id.toString('hex') },
        }),
      );
      if (!created.UploadId) throw new Error('S3 gave no multipart upload id');
      return created.UploadId;
    },
    async put(path, UploadId, { number, pieces }) {
      const body = Buffer.concat(pieces);
      const part = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: checked(path),
          UploadId,
          PartNumber: number,
          Body: body,
          ContentLength: body.length,
        }),
      );
      if (!part.ETag) throw new Error('S3 gave no part tag');
      return part.ETag;
    },
    // S3 has a part once it has acknowledged it.
    async sync() {},
    async release() {},
    async complete(path, UploadId, tags) {
      const Key = checked(path);
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId,
            MultipartUpload: { Parts: tags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
          }),
        );
      } catch (error) {
        // Completed before, and the reply lost: the object is there already.
        if (!isNoSuchUpload(error)) throw error;
        await client.send(new HeadObjectCommand({ Bucket, Key }));
      }
    },
    async abort(path, UploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: checked(path), UploadId }))
        .catch((error: unknown) => {
          if (!isNoSuchUpload(error)) throw error;
        });
    },
  };

  return {
    parts,
    async write(source, path) {
      const Key = checked(path);
      let size = 0;
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => (size += chunk.length));
      // The source's own error (an aborted request, the size limit) is what the caller needs.
      let sourceError: unknown;
      const Body = pipeline(source, counter, createEncryptStream(keys.current), (error) => {
        if (error) sourceError = error;
      });
      const upload = new Upload({
        client: s3,
        params: {
          Bucket,
          Key,
          Body,
          ContentType: 'application/octet-stream',
          // Which key sealed it, for an operator; the reader takes it from the file's header.
          Metadata: { 'key-id': keys.current.id.toString('hex') },
        },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        Body.destroy();
        throw sourceError ?? asOutage(error);
      }
      if (sourceError) {
        // The stream failed after its last part went out: the object must not stay.
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
        throw sourceError;
      }
      return { path, size };
    },
    async size(path) {
      const found = await head(checked(path));
      if (!found) return null;
      requireKeyFor(found.header, keys);
      return plaintextSize(found.size, found.header);
    },
    read(path, range) {
      const Key = checked(path);
      async function* plaintext(): AsyncGenerator<Buffer> {
        const found = await head(Key);
        if (!found) throw Object.assign(new Error('media object not found'), { code: 'ENOENT' });
        const span = sealedSpan(found.header, found.size, range);
        if (!span) return;
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key, Range: `bytes=${span.start}-${span.end}` }),
        );
        const body = object.Body as Readable;
        try {
          yield* decryptSpan(body, keys, span);
        } finally {
          body.destroy();
        }
      }
      return Readable.from(plaintext(), { objectMode: false });
    },
    async remove(path) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(path) }));
    },
    async cleanupIncoming() {
      // A failed upload is aborted by the uploader, an abandoned resumable one by the clean-up
      // job; one whose process died midway is left to the bucket's lifecycle rule
      // (AbortIncompleteMultipartUpload, see docs/deployment.md).
      return 0;
    },
    async probe() {
      const Key = `readiness/${randomUUID()}`;
      const content = randomUUID();
      await client.send(new PutObjectCommand({ Bucket, Key, Body: content }));
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        const back = await buffer(object.Body as Readable);
        if (back.toString('utf8') !== content) throw new Error('media store read back');
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      }
    },
  };
}
