import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_PATH_PATTERN } from '../../../shared/media-kinds';
import type { DbOrTx } from '../../platform/db/client';
import type { MediaLink } from '../../../shared/contracts/admin-patients';
import type { Config } from '../../platform/config';
import { forbidden, invalid, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { findUpload } from './media-repository';
import { mediaReply, type MediaReply } from './media-reply';
import { availableSize } from './media-availability';
import { signMediaLink, verifyMediaLink } from './media-links';
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
      assessmentId: upload?.assessmentId,
    });
  }
  return reply;
}

/**
 * A short-lived link to one stored file for the administrator's browser to load directly (a
 * <video> then streams it with ranges). Issuing it is the read the audit log records; a file
 * that is not available is refused now, so the page can say so at once.
 */
export async function issueMediaLink(
  deps: {
    db: DbOrTx;
    media: MediaStore;
    log: FastifyBaseLogger;
    config: Pick<Config, 'jwtSecret'>;
  },
  actor: AuthContext,
  path: string,
  now = new Date(),
): Promise<MediaLink> {
  if (!MEDIA_PATH_PATTERN.test(path)) throw invalid('admin.mediaPathInvalid');
  const size = await availableSize(deps.media, path, { log: deps.log, reader: 'playback' });
  if (size === null) throw notFound('admin.mediaNotFound');
  const upload = await findUpload(deps.db, path);
  await recordAudit(deps.db, actor, {
    action: 'media.read',
    patientUserId: upload?.userId,
    assessmentId: upload?.assessmentId,
  });
  return signMediaLink(deps.config.jwtSecret, path, now);
}

/** The file a signed link names, whole or the range asked for; an expired or forged link is refused. */
export async function openSignedMedia(
  deps: {
    db: DbOrTx;
    media: MediaStore;
    log: FastifyBaseLogger;
    config: Pick<Config, 'jwtSecret'>;
  },
  path: string,
  link: { expires: number; signature: string },
  rangeHeader: string | undefined,
): Promise<MediaReply> {
  if (!MEDIA_PATH_PATTERN.test(path) || !verifyMediaLink(deps.config.jwtSecret, path, link)) {
    throw forbidden('media.linkInvalid');
  }
  const size = await availableSize(deps.media, path, { log: deps.log, reader: 'playback' });
  if (size === null) throw notFound('admin.mediaNotFound');
  return mediaReply(
    deps.media,
    { path, size, upload: await findUpload(deps.db, path) },
    rangeHeader,
  );
}
