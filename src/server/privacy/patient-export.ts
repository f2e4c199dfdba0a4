import { asc, eq } from 'drizzle-orm';
import archiver from 'archiver';
import type { Db } from '../db/client';
import { accessCodes, mediaUploads, payments, questions, responses } from '../db/schema';
import { AppError } from '../http/app-error';
import type { MediaStore } from '../media/media-store';

/**
 * Everything stored about the session's assessment, as one ZIP: data.json (machine-readable) and
 * its photos and videos under media/. Only this assessment: others bought with the same e-mail
 * address were proved by other sign-ins. Secrets (token versions, the code's hash) stay out.
 */
export async function patientExportZip(
  deps: { db: Db; media: MediaStore },
  accessCodeId: number,
): Promise<archiver.Archiver> {
  const [assessment] = await deps.db
    .select()
    .from(accessCodes)
    .where(eq(accessCodes.id, accessCodeId));
  if (!assessment) throw new AppError(404, 'errors.notFound');
  const [answers, uploads, paid] = await Promise.all([
    deps.db
      .select({
        questionId: responses.questionId,
        question: questions.questionText,
        questionType: questions.questionType,
        optionId: responses.optionId,
        answerText: responses.answerText,
        mediaType: responses.mediaType,
        mediaPath: responses.mediaPath,
        painPoints: responses.painPoints,
        symptoms: responses.symptoms,
        createdAt: responses.createdAt,
        updatedAt: responses.updatedAt,
      })
      .from(responses)
      .innerJoin(questions, eq(questions.id, responses.questionId))
      .where(eq(responses.accessCodeId, accessCodeId))
      .orderBy(asc(questions.sortOrder)),
    deps.db.select().from(mediaUploads).where(eq(mediaUploads.accessCodeId, accessCodeId)),
    deps.db
      .select({
        amountCents: payments.amountCents,
        currency: payments.currency,
        status: payments.status,
        couponCode: payments.couponCode,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.accessCodeId, accessCodeId)),
  ]);
  const data = {
    exportedAt: new Date().toISOString(),
    patient: {
      email: assessment.email,
      firstName: assessment.firstName,
      lastName: assessment.lastName,
      dateOfBirth: assessment.dateOfBirth,
      phone: assessment.phone,
      address: assessment.address,
      postalCode: assessment.postalCode,
      city: assessment.city,
      state: assessment.state,
      language: assessment.language,
      consentAt: assessment.consentAt,
      consentVersion: assessment.consentVersion,
    },
    assessment: {
      id: assessment.id,
      accessCodeEnding: assessment.codeHint,
      status: assessment.status,
      createdAt: assessment.createdAt,
      submittedAt: assessment.submittedAt,
      evaluatedAt: assessment.evaluatedAt,
      evaluationSentOn: assessment.evaluationSentOn,
    },
    answers,
    media: uploads.map((u) => ({
      file: u.path,
      type: u.mediaType,
      mimeType: u.mimeType,
      sizeBytes: u.sizeBytes,
      questionId: u.questionId,
      createdAt: u.createdAt,
    })),
    payments: paid,
  };
  const zip = archiver('zip', { zlib: { level: 6 } });
  zip.append(JSON.stringify(data, null, 2), { name: 'data.json' });
  for (const upload of uploads) {
    // Photos and videos are already compressed: store them as they are.
    zip.append(deps.media.read(upload.path), { name: upload.path, store: true });
  }
  void zip.finalize();
  return zip;
}
