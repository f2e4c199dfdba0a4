import { asc, eq } from 'drizzle-orm';
import archiver from 'archiver';
import type { Db } from '../db/client';
import { accessCodes, mediaUploads, payments, questions, responses, users } from '../db/schema';
import { AppError } from '../http/app-error';
import type { MediaStore } from '../media/media-store';

/**
 * Everything stored about one patient, as one ZIP: data.json (machine-readable) and their
 * photos and videos under media/. Secrets (token version, authenticator) stay out.
 */
export async function patientExportZip(
  deps: { db: Db; media: MediaStore },
  userId: number,
): Promise<archiver.Archiver> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'errors.notFound');
  const [assessments, answers, uploads, paid] = await Promise.all([
    deps.db
      .select()
      .from(accessCodes)
      .where(eq(accessCodes.userId, userId))
      .orderBy(asc(accessCodes.id)),
    deps.db
      .select({
        assessmentId: responses.accessCodeId,
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
      .where(eq(responses.userId, userId))
      .orderBy(asc(responses.accessCodeId), asc(questions.sortOrder)),
    deps.db.select().from(mediaUploads).where(eq(mediaUploads.userId, userId)),
    deps.db
      .select({
        amountCents: payments.amountCents,
        currency: payments.currency,
        status: payments.status,
        couponCode: payments.couponCode,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId)),
  ]);

  const data = {
    exportedAt: new Date().toISOString(),
    patient: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      dateOfBirth: user.dateOfBirth,
      phone: user.phone,
      address: user.address,
      postalCode: user.postalCode,
      city: user.city,
      state: user.state,
      language: user.language,
      consentAt: user.consentAt,
      consentVersion: user.consentVersion,
      createdAt: user.createdAt,
    },
    assessments: assessments.map((a) => ({
      id: a.id,
      accessCodeEnding: a.codeHint,
      status: a.status,
      createdAt: a.createdAt,
      submittedAt: a.submittedAt,
      evaluatedAt: a.evaluatedAt,
      evaluationSentOn: a.evaluationSentOn,
    })),
    answers,
    media: uploads.map((u) => ({
      file: u.path,
      type: u.mediaType,
      mimeType: u.mimeType,
      sizeBytes: u.sizeBytes,
      questionId: u.questionId,
      assessmentId: u.accessCodeId,
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
