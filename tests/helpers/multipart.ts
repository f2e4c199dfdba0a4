import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppInstance } from '../../src/server/platform/http/app-instance';

/** A multipart/form-data body for app.inject: fields first, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; filename: string; contentType: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The first bytes of real files of each kind, padded to a given size. */
export const SAMPLE_BYTES = {
  jpeg: (size = 2048) =>
    pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), size),
  png: (size = 2048) =>
    pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), size),
  webm: (size = 4096) =>
    pad(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]), size),
  mp4: (size = 4096) =>
    pad(Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]), size),
  text: (size = 2048) => pad(Buffer.from('This is just a text file, not a photo.\n'), size, 0x20),
};

function pad(head: Buffer, size: number, fill = 0): Buffer {
  const out = Buffer.alloc(Math.max(size, head.length), fill);
  head.copy(out);
  return out;
}

/** POST /api/survey/media with one file, as the survey sends it (fields first). */
export function postMedia(
  app: Pick<AppInstance, 'inject'>,
  headers: Record<string, string>,
  fields: { type: 'photo' | 'video'; questionId: number },
  data: Buffer,
) {
  const body = multipartBody(
    { type: fields.type, questionId: String(fields.questionId) },
    {
      name: 'media',
      filename: fields.type === 'photo' ? 'capture.jpg' : 'capture.webm',
      contentType: 'application/octet-stream',
      data,
    },
  );
  return app.inject({
    method: 'POST',
    url: '/api/survey/media',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Every file under the media directory, partial uploads in `.incoming` included. */
export async function mediaFilesIn(mediaDir: string): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) {
    if ((await stat(join(mediaDir, entry))).isFile()) files.push(entry);
  }
  return files.sort();
}
