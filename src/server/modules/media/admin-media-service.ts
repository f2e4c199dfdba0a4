import { MEDIA_PATH_PATTERN } from '../../../shared/media-kinds';
import type { DbOrTx } from '../../platform/db/client';
import { invalid, notFound } from '../../platform/errors';
import type { AuthContext } from '../accounts/auth-context';
import { recordAudit } from '../audit/audit-log';
import { findUpload } from './media-repository';
import { mediaReply, type MediaReply } from './media-reply';
import { InvalidMediaPathError, type MediaStore } from './media-store';

/**
 * A stored photo or video for an administrator, whole or the byte range asked for, with its
 * content type. A player asks for many ranges; only the first read of a file is audit-logged.
 */
export async function openMedia(
  { db, media }: { db: DbOrTx; media: MediaStore },
  actor: AuthContext,
  path: string,
  rangeHeader: string | undefined,
): Promise<MediaReply> {
  if (!MEDIA_PATH_PATTERN.test(path)) throw invalid('admin.mediaPathInvalid');
  let size: number | null;
  try {
    size = await media.size(path);
  } catch (error) {
    if (error instanceof InvalidMediaPathError) throw invalid('admin.mediaPathInvalid');
    throw error;
  }
  if (size === null) throw notFound('admin.mediaNotFound');

  const upload = await findUpload(db, path);
  const reply = mediaReply(media, { path, size, upload }, rangeHeader);
  if (!reply.range || reply.range.start === 0) {
    await recordAudit(db, actor, {
      action: 'media.read',
      patientUserId: upload?.userId,
      accessCodeId: upload?.accessCodeId,
    });
  }
  return reply;
}
