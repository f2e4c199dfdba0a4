import type { Readable } from 'node:stream';
import { kindOfExtension, mediaFileName } from '../../../shared/media-kinds';
import { DomainError } from '../../platform/errors';
import { parseByteRange } from './byte-range';
import type { UploadRow } from './media-repository';
import type { ByteRange, MediaStore } from './media-store';

/** Only types the browser shows inline without running anything. */
const SAFE_TYPE = /^(image\/(jpeg|png)|video\/(webm|mp4))(;[\w\s=.,"-]*)?$/i;

export interface MediaReply {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
  /** The byte range sent, or undefined for the whole file. */
  range: ByteRange | undefined;
}

/**
 * A stored file of `size` bytes as a reply, whole or the byte range asked for, with a content
 * type the browser shows inline without running anything. Who may read it is the caller's
 * decision; this only streams.
 */
export function mediaReply(
  media: MediaStore,
  file: { path: string; size: number; upload: UploadRow | undefined },
  rangeHeader: string | undefined,
): MediaReply {
  const { path, size, upload } = file;
  const extension = path.slice(path.lastIndexOf('.') + 1);
  const contentType =
    upload && SAFE_TYPE.test(upload.mimeType)
      ? upload.mimeType
      : (kindOfExtension(extension)?.mime ?? 'application/octet-stream');

  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store',
    'content-disposition': `inline; filename="${mediaFileName(path)}"`,
  };
  const range = parseByteRange(rangeHeader, size);
  if (range === 'invalid') {
    throw new DomainError(
      'range_not_satisfiable',
      'media.rangeNotSatisfiable',
      { size },
      {},
      undefined,
      { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' },
    );
  }
  if (!range) {
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(size) },
      body: media.read(path),
      range,
    };
  }
  return {
    status: 206,
    headers: {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
    body: media.read(path, range),
    range,
  };
}
