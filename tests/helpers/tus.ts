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
