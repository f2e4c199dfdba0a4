import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_PATH_PATTERN } from '../../../shared/media-kinds';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import type { PatientScope } from '../assessments';
import { findUpload } from './media-repository';
import { mediaReply, type MediaReply } from './media-reply';
import { availableSize } from './media-availability';
import type { MediaStore } from './media-store';

/**
 * A photo or video of the session's own assessment, so a returning patient sees what they took.
 * Any other path, another patient's or another assessment's of the same address, is "not found":
 * the reply does not tell whether the file exists.
 */
export async function openOwnMedia(
  { db, media, log }: { db: DbOrTx; media: MediaStore; log: FastifyBaseLogger },
  scope: PatientScope,
  path: string,
  rangeHeader: string | undefined,
): Promise<MediaReply> {
  if (!MEDIA_PATH_PATTERN.test(path)) throw notFound('survey.mediaNotFound');
  const upload = await findUpload(db, path);
  const own =
    upload?.status === 'stored' &&
    upload.assessmentId === scope.assessmentId &&
    upload.userId === scope.userId;
  const size = own ? await availableSize(media, path, { log, reader: 'playback' }) : null;
  if (size === null) throw notFound('survey.mediaNotFound');
  return mediaReply(media, { path, size, upload }, rangeHeader);
}
