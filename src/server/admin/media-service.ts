import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../db/client';
import { mediaUploads } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import { InvalidMediaPathError, MEDIA_PATH_PATTERN, type MediaStore } from '../media/media-store';
import { parseByteRange } from './byte-range';

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

/** Only types the browser shows inline without running anything. */
const SAFE_TYPE = /^(image\/(jpeg|png)|video\/(webm|mp4))(;[\w\s=.,"-]*)?$/i;

export interface MediaReply {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
  userId: number | null;
  accessCodeId: number | null;
}

/** A stored photo or video, whole or the byte range asked for, with its content type. */
export async function openMedia(
  db: DbOrTx,
  media: MediaStore,
  path: string,
  rangeHeader: string | undefined,
): Promise<MediaReply> {
  if (!MEDIA_PATH_PATTERN.test(path)) throw badRequest('admin.mediaPathInvalid');
  let size: number | null;
  try {
    size = await media.size(path);
  } catch (error) {
    if (error instanceof InvalidMediaPathError) throw badRequest('admin.mediaPathInvalid');
    throw error;
  }
  if (size === null) throw notFound('admin.mediaNotFound');

  const [upload] = await db
    .select({
      mimeType: mediaUploads.mimeType,
      userId: mediaUploads.userId,
      accessCodeId: mediaUploads.accessCodeId,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.path, path))
    .limit(1);
  const extension = path.slice(path.lastIndexOf('.') + 1);
  const contentType =
    upload && SAFE_TYPE.test(upload.mimeType)
      ? upload.mimeType
      : (TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream');

  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store',
    'content-disposition': `inline; filename="${path.slice('media/'.length)}"`,
  };
  const range = parseByteRange(rangeHeader, size);
  if (range === 'invalid') {
    throw new AppError(416, 'admin.rangeNotSatisfiable', { size });
  }
  const meta = { userId: upload?.userId ?? null, accessCodeId: upload?.accessCodeId ?? null };
  if (!range) {
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(size) },
      body: media.read(path),
      ...meta,
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
    ...meta,
  };
}
