import type { SessionClaims } from '../../platform/auth-context';
import type { Readable } from 'node:stream';
import type { Upload } from '@tus/utils';
import { MEDIA_TYPES, type MediaType } from '../../../shared/constants';
import {
  resumableUploadMetadataSchema,
  type MediaUploadResult,
} from '../../../shared/contracts/survey';
import { MEDIA_KINDS, sniffMediaKind, type MediaKind } from '../../../shared/media-kinds';
import type { Config } from '../../platform/config';
import { DomainError, invalid, notFound } from '../../platform/errors';
import type { PatientScope } from '../assessments';
import { requireEditableAssessment } from '../assessments';
import { findActiveQuestion } from '../questionnaire';
import { retypeReservation } from './media-repository';
import { peekStream } from './media-sniff';
import { newMediaPath } from './media-store';
import { quotaExceeded, reserveUpload, type Reservation } from './upload-quota';
import { removeUpload, type RemovalDeps } from './upload-removal';
import { settleUpload } from './upload-service';
import type { StagedUpload } from './upload-staging';

/**
 * Resumable uploads (tus): the same rules as a multipart upload, checked at the two moments the
 * protocol gives. At creation, everything that needs no bytes: the assessment is editable, the
 * question is an active photo or video question, the declared length fits the file limit and the
 * assessment's quota (reserved then, held while the upload is unfinished). When the last byte
 * has arrived: the bytes' kind, then `settleUpload`, as for every upload.
 */

export type ResumableDeps = RemovalDeps & { config: Config };

const isMediaType = (type: string): type is MediaType =>
  (MEDIA_TYPES as readonly string[]).includes(type);

const wrongKind = () => new DomainError('unsupported_media', 'survey.mediaWrongKind');

/** The upload is gone, or another session's: the same answer either way. */
export const uploadNotFound = () => notFound('survey.uploadNotFound');

/**
 * The kind a reservation is named after before any byte has arrived: the declared type when it
 * is one of the question's kinds, else the question's first. The bytes decide at the end.
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
  for (const record of await deps.media.staging.list()) {
    if (record.owner.assessmentId === scope.assessmentId && record.questionId === questionId) {
      await deps.media.staging.remove(record.id);
      await removeUpload(deps, record.reservation);
    }
  }
}

/**
 * Checks a new upload and reserves its quota; returns the record the staging keeps with it.
 * The file limit (MEDIA_MAX_BYTES) was checked by the tus server against Upload-Length.
 */
export async function beginResumableUpload(
  deps: ResumableDeps,
  scope: PatientScope,
  upload: Pick<Upload, 'id' | 'size' | 'metadata'>,
): Promise<string> {
  const metadata = resumableUploadMetadataSchema.safeParse(upload.metadata ?? {});
  if (!metadata.success || upload.size === undefined) throw invalid('survey.mediaFields');
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
  const record: StagedUpload = {
    id: upload.id,
    size: upload.size,
    questionId,
    mediaType: type,
    owner: { userId: scope.userId, assessmentId: scope.assessmentId },
    reservation,
    createdAt: new Date().toISOString(),
  };
  return JSON.stringify(record);
}

/** The session's own unfinished upload; anyone else's is a 404, whether or not it exists. */
export async function ownResumableUpload(
  deps: Pick<ResumableDeps, 'media'>,
  scope: PatientScope,
  id: string,
): Promise<StagedUpload> {
  const record = await deps.media.staging.record(id);
  const { owner } = record ?? {};
  if (!record || owner?.userId !== scope.userId || owner.assessmentId !== scope.assessmentId) {
    throw uploadNotFound();
  }
  return record;
}

/** Moves the staged bytes into the media store once they are known to be the right kind. */
async function storeStaged(
  deps: ResumableDeps,
  record: StagedUpload,
  reservation: Reservation,
): Promise<{ reservation: Reservation; size: number; kind: MediaKind }> {
  const source: Readable = deps.media.staging.read(record.id);
  const { head, stream } = await peekStream(source);
  const kind = sniffMediaKind(head);
  if (!kind || kind.mediaType !== record.mediaType) {
    source.destroy();
    throw wrongKind();
  }
  let stored = reservation;
  if (!reservation.path.endsWith(`.${kind.extension}`)) {
    const path = newMediaPath(kind.extension);
    source.pause();
    if (!(await retypeReservation(deps.db, reservation.id, { path, kind }))) {
      source.destroy();
      throw notFound();
    }
    stored = { ...reservation, path };
  }
  const { size } = await deps.media.write(stream, stored.path);
  return { reservation: stored, size, kind };
}

/**
 * The last byte has arrived: the upload becomes its question's answer (`settleUpload`), or is
 * refused and removed. The staged copy is removed either way, so partial data lives no longer
 * than the upload.
 */
export async function finishResumableUpload(
  deps: ResumableDeps,
  scope: SessionClaims,
  id: string,
): Promise<MediaUploadResult> {
  const record = await ownResumableUpload(deps, scope, id);
  let reservation = record.reservation;
  try {
    await requireEditableAssessment(deps.db, scope);
    const stored = await storeStaged(deps, record, reservation);
    reservation = stored.reservation;
    return await settleUpload(deps, scope, stored, {
      type: record.mediaType,
      questionId: record.questionId,
    });
  } catch (error) {
    await removeUpload(deps, reservation);
    throw error;
  } finally {
    await deps.media.staging.remove(id);
  }
}
