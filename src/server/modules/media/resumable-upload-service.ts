import type { SessionClaims } from '../../platform/auth-context';
import type { Upload } from '@tus/utils';
import { MEDIA_TYPES, type MediaType } from '../../../shared/constants';
import {
  resumableUploadMetadataSchema,
  type MediaUploadResult,
} from '../../../shared/contracts/survey';
import { kindOfExtension, MEDIA_KINDS, type MediaKind } from '../../../shared/media-kinds';
import type { Config } from '../../platform/config';
import { invalid, notFound } from '../../platform/errors';
import type { PatientScope } from '../assessments';
import { requireEditableAssessment } from '../assessments';
import { findActiveQuestion } from '../questionnaire';
import { newMediaPath } from './media-store';
import {
  markResumableFinished,
  resumableUploadsCreatedBefore,
  resumableUploadsOf,
  type UploadOwner,
  unfinishedUploadsOfQuestion,
  type ResumableState,
} from './resumable-upload-repository';
import {
  wrongKind,
  type NewResumableUpload,
  type ResumableUploadStore,
} from './resumable-upload-store';
import { isStoreOutage, storeUnavailable } from './store-outage';
import { quotaExceeded, reserveUpload } from './upload-quota';
import { removeUpload, type RemovalDeps } from './upload-removal';
import { settleUpload } from './upload-service';

/**
 * Resumable uploads (tus): the same rules as a multipart upload, checked at the moments the
 * protocol gives. At creation, everything that needs no bytes: the assessment is editable, the
 * question is an active photo or video question, the declared length fits the file limit and the
 * assessment's quota (reserved then, held while the upload is unfinished). With the first MiB:
 * the bytes' kind (resumable-upload-store). When the last byte has arrived: the file is
 * committed and `settleUpload` makes it the answer, as for every upload.
 */

type StoreDeps = RemovalDeps & { uploads: ResumableUploadStore };
export type ResumableDeps = StoreDeps & { config: Config };

const isMediaType = (type: string): type is MediaType =>
  (MEDIA_TYPES as readonly string[]).includes(type);

/** The upload is gone, or another session's: the same answer either way. */
export const uploadNotFound = () => notFound('survey.uploadNotFound');

/**
 * The kind a reservation is named after before any byte has arrived: the declared type when it
 * is one of the question's kinds, else the question's first. The bytes decide later.
 */
function provisionalKind(type: MediaType, filetype: string | undefined): MediaKind {
  const kinds = MEDIA_KINDS.filter((kind) => kind.mediaType === type);
  return kinds.find((kind) => kind.mime === filetype) ?? kinds[0]!;
}

/**
 * An unfinished upload of the same question is abandoned once a new one starts (a Retake, or a
 * reload that lost the browser's resume entry): its reservation gives its place back.
 */
async function abandonEarlier(deps: ResumableDeps, scope: PatientScope, questionId: number) {
  for (const id of await unfinishedUploadsOfQuestion(deps.db, scope.assessmentId, questionId)) {
    await deps.uploads.discard(id);
  }
}

/**
 * Checks a new upload and reserves its quota; returns the record the store keeps with it.
 * The file limit (MEDIA_MAX_BYTES) was checked by the tus server against Upload-Length.
 */
export async function beginResumableUpload(
  deps: ResumableDeps,
  scope: PatientScope,
  upload: Pick<Upload, 'id' | 'size' | 'metadata'>,
): Promise<string> {
  const metadata = resumableUploadMetadataSchema.safeParse(upload.metadata ?? {});
  if (!metadata.success || !upload.size) throw invalid('survey.mediaFields');
  const { questionId, filetype } = metadata.data;
  await requireEditableAssessment(deps.db, scope);
  const question = await findActiveQuestion(deps.db, questionId);
  if (!question) throw notFound('survey.questionNotFound');
  const type = question.questionType;
  if (!isMediaType(type)) throw invalid('survey.mediaFields');
  await abandonEarlier(deps, scope, questionId);

  const kind = provisionalKind(type, filetype);
  const reservation = await reserveUpload(
    deps.db,
    scope,
    { ...deps.config.mediaQuota, fileBytes: deps.config.mediaMaxBytes },
    { path: newMediaPath(kind.extension), kind, expectedBytes: upload.size },
  );
  if (reservation.maxBytes < upload.size) {
    // What is left of the quota cannot take the whole file.
    await removeUpload(deps, reservation);
    throw quotaExceeded();
  }
  const record: NewResumableUpload = {
    questionId,
    mediaType: type,
    owner: { userId: scope.userId, assessmentId: scope.assessmentId },
    reservationId: reservation.id,
  };
  return JSON.stringify(record);
}

/** The session's own upload; anyone else's is a 404, whether or not it exists. */
export async function ownResumableUpload(
  deps: Pick<ResumableDeps, 'uploads'>,
  scope: PatientScope,
  id: string,
): Promise<ResumableState> {
  const record = await deps.uploads.record(id);
  if (!record || record.userId !== scope.userId || record.assessmentId !== scope.assessmentId) {
    throw uploadNotFound();
  }
  return record;
}

/**
 * The last byte has arrived and every part is written: the file is committed (the parts become
 * the stored file, nothing is read or sealed again) and becomes its question's answer
 * (`settleUpload`), or is refused and removed. A store that does not answer leaves the upload as
 * it was: the same last PATCH finishes it later. Done again (a repeated last PATCH), it answers
 * what it answered the first time.
 */
export async function finishResumableUpload(
  deps: ResumableDeps,
  scope: SessionClaims,
  id: string,
): Promise<MediaUploadResult> {
  const parts = deps.uploads.takeFinished(id);
  const record = await ownResumableUpload(deps, scope, id);
  if (record.result) return record.result;
  if (!parts) throw uploadNotFound();
  const { reservation } = record;
  try {
    await requireEditableAssessment(deps.db, scope);
    const kind = kindOfExtension(reservation.path.slice(reservation.path.lastIndexOf('.') + 1));
    if (!kind) throw wrongKind();
    await deps.media.parts
      .complete(reservation.path, parts.partsId, parts.tags)
      .catch((error: unknown) => {
        throw isStoreOutage(error) ? error : storeUnavailable(error);
      });
    const result = await settleUpload(
      deps,
      scope,
      { reservation, size: record.size, kind },
      { type: record.mediaType, questionId: record.questionId },
    );
    await markResumableFinished(deps.db, id, result);
    return result;
  } catch (error) {
    if (!isStoreOutage(error)) {
      await deps.uploads.discard(id);
    }
    throw error;
  }
}

/** Removes the unfinished uploads of an account (its erasure), before its rows go. */
export async function discardUploadsOf(deps: StoreDeps, owner: UploadOwner) {
  for (const id of await resumableUploadsOf(deps.db, owner)) {
    await deps.uploads.discard(id);
  }
}

/** Removes uploads created before the cut-off: abandoned ones with their parts, finished rows. */
export async function discardUploadsCreatedBefore(deps: StoreDeps, cutoff: Date) {
  const ids = await resumableUploadsCreatedBefore(deps.db, cutoff);
  for (const id of ids) await deps.uploads.discard(id);
  return ids.length;
}
