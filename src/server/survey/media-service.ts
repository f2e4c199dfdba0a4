import { and, eq } from 'drizzle-orm';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { mediaUploadFieldsSchema, type MediaUploadResult } from '../../shared/contracts/survey';
import type { Db } from '../db/client';
import { mediaUploads, questions } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import type { MediaStore } from '../media/media-store';
import { peekStream, sniffMediaKind, type MediaKind } from './media-sniff';
import { requireEditableAssessment, type PatientScope } from './responses-service';

type Part = MultipartFile | MultipartValue;

interface Stored {
  path: string;
  size: number;
  kind: MediaKind;
}

/** A file part whose stream ended at the size limit: the caller gets 413. */
const tooLarge = () => new AppError(413, 'survey.mediaTooLarge');

async function storeFilePart(part: MultipartFile, media: MediaStore): Promise<Stored> {
  const { head, stream } = await peekStream(part.file);
  const kind = sniffMediaKind(head);
  if (!kind) {
    // Read the rest away so the request can finish, then refuse it; nothing was written.
    stream.resume();
    await new Promise<void>((resolve) => {
      stream.once('end', resolve);
      stream.once('error', () => resolve());
    });
    if (part.file.truncated) throw tooLarge();
    throw new AppError(415, 'survey.mediaWrongKind');
  }
  let stored: { path: string; size: number };
  try {
    stored = await media.write(stream, kind.extension);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413 || part.file.truncated) {
      throw tooLarge();
    }
    throw error;
  }
  if (part.file.truncated) {
    await media.remove(stored.path);
    throw tooLarge();
  }
  return { ...stored, kind };
}

/**
 * Streams one uploaded photo or video into the media store and records it for the patient's
 * current assessment. The bytes decide the file kind, not the name or the declared type; any
 * refusal removes what was written.
 */
export async function uploadMedia(
  deps: { db: Db; media: MediaStore },
  scope: PatientScope,
  parts: AsyncIterableIterator<Part>,
): Promise<MediaUploadResult> {
  await requireEditableAssessment(deps.db, scope);
  const fields: Record<string, unknown> = {};
  let stored: Stored | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'media' || stored) {
          part.file.resume();
          continue;
        }
        stored = await storeFilePart(part, deps.media);
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

    await deps.db.insert(mediaUploads).values({
      userId: scope.userId,
      accessCodeId: scope.accessCodeId,
      questionId,
      path: stored.path,
      mediaType: type,
      mimeType: stored.kind.mime,
      sizeBytes: stored.size,
    });
    return { mediaPath: stored.path, filename: stored.path.slice('media/'.length) };
  } catch (error) {
    if (stored) await deps.media.remove(stored.path).catch(() => undefined);
    throw error;
  }
}
