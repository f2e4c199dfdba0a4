import { pipeline, Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { mediaUploadFieldsSchema, type MediaUploadResult } from '../../shared/contracts/survey';
import type { Config } from '../config';
import { questions } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import { newMediaPath } from '../media/media-store';
import { peekStream, sniffMediaKind, type MediaKind } from './media-sniff';
import { requireEditableAssessment, type PatientScope } from './responses-service';
import {
  quotaExceeded,
  reserveUpload,
  settleUpload,
  type Reservation,
  type UploadQuota,
} from './upload-quota';
import { removeUpload, type RemovalDeps } from './upload-removal';

type Part = MultipartFile | MultipartValue;

interface Stored {
  reservation: Reservation;
  size: number;
  kind: MediaKind;
}

/** A file part whose stream ended at the size limit: the caller gets 413. */
const tooLarge = () => new AppError(413, 'survey.mediaTooLarge');

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
    throw new AppError(415, 'survey.mediaWrongKind');
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
 * Streams one uploaded photo or video into the media store and records it for the patient's
 * current assessment, within the assessment's upload quota. The bytes decide the file kind, not
 * the name or the declared type; any refusal removes what was written and its record.
 * `contentLength` is the request's, an upper bound of the file's size when the client sent it.
 */
export async function uploadMedia(
  deps: RemovalDeps & { config: Config },
  scope: PatientScope,
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
    if (!stored) throw badRequest('survey.mediaMissing');
    const parsed = mediaUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest('survey.mediaFields');
    const { type, questionId } = parsed.data;
    if (stored.kind.mediaType !== type) throw new AppError(415, 'survey.mediaWrongKind');

    const [question] = await deps.db
      .select({ id: questions.id, questionType: questions.questionType })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.isActive, true)));
    if (!question) throw notFound('survey.questionNotFound');
    if (question.questionType !== type) throw badRequest('survey.mediaFields');

    // The reservation is gone only when the patient was erased while the file streamed in.
    if (!(await settleUpload(deps.db, stored.reservation, { size: stored.size, questionId }))) {
      throw notFound();
    }
    const { path } = stored.reservation;
    return { mediaPath: path, filename: path.slice('media/'.length) };
  } catch (error) {
    if (stored) await removeUpload(deps, stored.reservation);
    throw error;
  }
}
