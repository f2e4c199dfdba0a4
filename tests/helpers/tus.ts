import { Upload as TusUpload } from 'tus-js-client';
import type { AppInstance } from '../../src/server/platform/http/app-instance';

type Inject = Pick<AppInstance, 'inject'>;
const TUS = { 'tus-resumable': '1.0.0' };

/** The tus Upload-Metadata header: comma-separated keys with base64 values. */
export function uploadMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** POST /api/survey/uploads as tus-js-client sends it: the length and metadata, no bytes. */
export function createUpload(
  app: Inject,
  headers: Record<string, string>,
  upload: { length: number; questionId: number; filetype?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/survey/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(upload.length),
      'upload-metadata': uploadMetadata({
        questionId: String(upload.questionId),
        filename: 'capture',
        filetype: upload.filetype ?? 'video/webm',
      }),
    },
  });
}

/** PATCH bytes at an offset. */
export function patchUpload(
  app: Inject,
  headers: Record<string, string>,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

/** HEAD: how many bytes the server holds. */
export function headUpload(app: Inject, headers: Record<string, string>, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...headers, ...TUS } });
}

/**
 * Uploads `bytes` with the survey's own client library (tus-js-client) to `endpoint`, in parts
 * of `chunkSize`, retrying as the survey does after a failure that may pass. Resolves with the
 * last reply (the finished upload's JSON); `onResponse` sees every reply on the way.
 */
export function uploadWithTusClient(
  endpoint: string,
  bytes: Buffer,
  options: {
    headers: Record<string, string>;
    questionId: number;
    filetype: string;
    chunkSize: number;
    onProgress?: (sent: number) => void;
    onResponse?: (method: string, status: number, headers: { retryAfter: string }) => void;
  },
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const upload = new TusUpload(bytes, {
      endpoint,
      chunkSize: options.chunkSize,
      // Up to a minute of failures in a row (an instance gone, a store outage) before giving up.
      retryDelays: Array.from({ length: 120 }, () => 500),
      headers: options.headers,
      metadata: {
        questionId: String(options.questionId),
        filename: 'capture',
        filetype: options.filetype,
      },
      storeFingerprintForResuming: false,
      onProgress: (sent) => options.onProgress?.(sent),
      onAfterResponse: (request, response) =>
        options.onResponse?.(request.getMethod(), response.getStatus(), {
          retryAfter: response.getHeader('Retry-After') ?? '',
        }),
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status < 400 || status >= 500 || status === 409 || status === 423;
      },
      onSuccess: ({ lastResponse }) => {
        const text = lastResponse.getBody();
        resolve({ status: lastResponse.getStatus(), body: text ? JSON.parse(text) : null });
      },
      onError: reject,
    });
    upload.start();
  });
}
