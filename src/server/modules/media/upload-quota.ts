import type { MediaKind } from '../../../shared/media-kinds';
import type { Db } from '../../platform/db/client';
import { DomainError, notFound } from '../../platform/errors';
import type { PatientScope } from '../assessments';
import { lockAssessment } from '../assessments';
import { insertReservation, quotaUsed } from './media-repository';

export interface UploadQuota {
  /** Files one assessment may keep, uploads in progress included. */
  files: number;
  /** Bytes one assessment may keep, uploads in progress counted at their reservation. */
  bytes: number;
  /** Largest single file (MEDIA_MAX_BYTES). */
  fileBytes: number;
}

export interface Reservation {
  id: number;
  path: string;
  /** The most this upload may write: the rest of the quota, at most one file's limit. */
  maxBytes: number;
}

export const quotaExceeded = () => new DomainError('too_large', 'survey.mediaQuotaExceeded');

/**
 * Takes an upload's place in the assessment's quota before any byte is stored: a media_uploads
 * row in state "uploading", whose size is the most the upload may still write. The assessment
 * row is locked while the kept files are counted, so two uploads of one assessment, on any
 * number of server instances, are counted one after the other and cannot both take the last
 * place. `expectedBytes` (the request's Content-Length, when the client sent one) bounds the
 * reservation, so an upload does not hold back more than it can use.
 */
export async function reserveUpload(
  db: Db,
  scope: PatientScope,
  quota: UploadQuota,
  upload: { path: string; kind: MediaKind; expectedBytes: number | undefined },
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    if (!(await lockAssessment(tx, scope.assessmentId))) throw notFound();
    const used = await quotaUsed(tx, scope.assessmentId);
    const room = quota.bytes - used.bytes;
    if (used.files >= quota.files || room <= 0) throw quotaExceeded();
    const maxBytes = Math.min(quota.fileBytes, room, upload.expectedBytes ?? Infinity);
    const id = await insertReservation(tx, scope, { ...upload, maxBytes });
    return { id, path: upload.path, maxBytes };
  });
}
