import { pipeline, Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { mediaUploadFieldsSchema, type MediaUploadResult } from '../../../shared/contracts/survey';
import { answerForType } from '../../../question-types/registry.shared';
import { serverOfType } from '../../../question-types/registry.server';
import type { SessionClaims } from '../../platform/auth-context';
import type { MediaType } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import { DomainError, invalid, notFound } from '../../platform/errors';
import { mediaFileName, sniffMediaKind, type MediaKind } from '../../../shared/media-kinds';
import { storeAnswer } from '../answers';
import type { PatientScope } from '../assessments';
import { requireEditableAssessment } from '../assessments';
import { findActiveQuestion } from '../questionnaire';
import { markStored } from './media-repository';
import { newMediaPath } from './media-store';
import { peekStream } from './media-sniff';
import { quotaExceeded, reserveUpload, type Reservation, type UploadQuota } from './upload-quota';
import { discardUnreferencedUpload, removeUpload, type RemovalDeps } from './upload-removal';

type Part = MultipartFile | MultipartValue;

/** A file in the media store, within its reservation, not yet recorded as stored. */
export interface Stored {
  reservation: Reservation;
  size: number;
  kind: MediaKind;
}

/** A file part whose stream ended at the size limit: the caller gets 413. */
const tooLarge = () => new DomainError('too_large', 'survey.mediaTooLarge');

/** Reads the rest of a refused file away, so the request can finish and the reply reach the client. */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
}

/**
 * Passes at most `limit` bytes on. What comes after is still read from the source (a multipart
 * file must be consumed for the request to finish) but dropped, and `over` tells afterwards.
 */
function capBytes(source: Readable, limit: number): { stream: Readable; over: () => boolean } {
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(null, total <= limit ? chunk : undefined);
    },
  });
  // The callback form forwards a failing source (an aborted request) to the writer's pipeline.
  return { stream: pipeline(source, cap, () => undefined), over: () => total > limit };
}

async function storeFilePart(
  part: MultipartFile,
  deps: RemovalDeps,
  scope: PatientScope,
  quota: UploadQuota & { expectedBytes: number | undefined },
): Promise<Stored> {
  const { head, stream } = await peekStream(part.file);
  const kind = sniffMediaKind(head);
  if (!kind) {
    // Nothing was written or reserved.
    await drain(stream);
    if (part.file.truncated) throw tooLarge();
    throw new DomainError('unsupported_media', 'survey.mediaWrongKind');
  }
  let reservation: Reservation;
  try {
    reservation = await reserveUpload(deps.db, scope, quota, {
      path: newMediaPath(kind.extension),
      kind,
      expectedBytes: quota.expectedBytes,
    });
  } catch (error) {
    await drain(stream);
    throw error;
  }
  const capped = capBytes(stream, reservation.maxBytes);
  let size: number;
  try {
    ({ size } = await deps.media.write(capped.stream, reservation.path));
  } catch (error) {
    await removeUpload(deps, reservation);
    if ((error as { statusCode?: number }).statusCode === 413 || part.file.truncated) {
      throw tooLarge();
    }
    throw error;
  }
  if (part.file.truncated || capped.over()) {
    await removeUpload(deps, reservation);
    // Beyond the file size limit, or beyond what is left of the assessment's quota.
    throw part.file.truncated ? tooLarge() : quotaExceeded();
  }
  return { reservation, size, kind };
}

/**
 * Makes a file that finished streaming in the answer to its question: checks the question takes
 * this kind of file, records the upload as stored and saves the answer at once, so a patient who
 * leaves right after the upload has lost nothing; the photo or video the answer had before (a
 * Retake) is removed. Every way of uploading ends here. On a refusal the caller removes the file.
 */
export async function settleUpload(
  deps: RemovalDeps,
  claims: SessionClaims,
  stored: Stored,
  target: { type: MediaType; questionId: number },
): Promise<MediaUploadResult> {
  const { type, questionId } = target;
  if (stored.kind.mediaType !== type) {
    throw new DomainError('unsupported_media', 'survey.mediaWrongKind');
  }
  const question = await findActiveQuestion(deps.db, questionId);
  if (!question) throw notFound('survey.questionNotFound');
  if (question.questionType !== type) throw invalid('survey.mediaFields');

  // The reservation is gone only when the patient was erased while the file streamed in.
  if (!(await markStored(deps.db, stored.reservation.id, { size: stored.size, questionId }))) {
    throw notFound();
  }
  const { path } = stored.reservation;
  // The answer is what the media type makes of the upload, written by the one save statement.
  const answer = await serverOfType(type).toStored(
    answerForType(type, { questionId, mediaType: type, mediaPath: path }),
    { isActiveOption: async () => false, savableUploadType: async () => type },
  );
  const { previousFilePath } = await storeAnswer(deps.db, claims, questionId, type, answer);
  // The photo or video it replaces (Retake) goes once the new answer is stored; its removal
  // never fails the upload. Of two uploads racing for one question, the second may not see the
  // file the first stored: no answer refers to it then, and the clean-up job removes it later.
  if (previousFilePath && previousFilePath !== path) {
    await discardUnreferencedUpload(deps, claims.assessmentId, previousFilePath);
  }
  return { mediaPath: path, filename: mediaFileName(path) };
}

/**
 * Streams one uploaded photo or video into the media store and records it for the patient's
 * current assessment, within the assessment's upload quota. The bytes decide the file kind, not
 * the name or the declared type; any refusal removes what was written and its record. The
 * upload becomes the question's answer (`settleUpload`).
 * `contentLength` is the request's, an upper bound of the file's size when the client sent it.
 */
export async function uploadMedia(
  deps: RemovalDeps & { config: Config },
  scope: SessionClaims,
  upload: { parts: AsyncIterableIterator<Part>; contentLength: number | undefined },
): Promise<MediaUploadResult> {
  await requireEditableAssessment(deps.db, scope);
  const quota = {
    ...deps.config.mediaQuota,
    fileBytes: deps.config.mediaMaxBytes,
    expectedBytes: upload.contentLength,
  };
  const fields: Record<string, unknown> = {};
  let stored: Stored | null = null;
  try {
    for await (const part of upload.parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'media' || stored) {
          part.file.resume();
          continue;
        }
        stored = await storeFilePart(part, deps, scope, quota);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    if (!stored) throw invalid('survey.mediaMissing');
    const parsed = mediaUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw invalid('survey.mediaFields');
    return await settleUpload(deps, scope, stored, parsed.data);
  } catch (error) {
    if (stored) await removeUpload(deps, stored.reservation);
    throw error;
  }
}
