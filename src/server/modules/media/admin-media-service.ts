import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_PATH_PATTERN } from '../../../shared/media-kinds';
import type { DbOrTx } from '../../platform/db/client';
import { invalid, notFound } from '../../platform/errors';
import type { AuthContext } from '../accounts/auth-context';
import { recordAudit } from '../audit/audit-log';
import { findUpload } from './media-repository';
import { mediaReply, type MediaReply } from './media-reply';
import { availableSize } from './media-availability';
import type { MediaStore } from './media-store';

/**
 * A stored photo or video for an administrator, whole or the byte range asked for, with its
 * content type. A player asks for many ranges; only the first read of a file is audit-logged.
 */
export async function openMedia(
  { db, media, log }: { db: DbOrTx; media: MediaStore; log: FastifyBaseLogger },
  actor: AuthContext,
  path: string,
  rangeHeader: string | undefined,
): Promise<MediaReply> {
  if (!MEDIA_PATH_PATTERN.test(path)) throw invalid('admin.mediaPathInvalid');
  // Missing, or sealed with a key no longer configured: logged, and "not available".
  const size = await availableSize(media, path, { log, reader: 'playback' });
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
