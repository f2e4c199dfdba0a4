import archiver from 'archiver';
import type { Db } from '../../platform/db/client';
import { DomainError } from '../../platform/errors';
import type { AuthContext } from '../accounts/auth-context';
import { recordAudit } from '../audit/audit-log';
import { readAnswers } from '../answers/answers-read';
import { findAssessment } from '../assessments/assessments-repository';
import { uploadsOfAssessment } from '../media/media-repository';
import type { MediaStore } from '../media/media-store';
import { paymentsOfAssessment } from '../payments/payments-repository';
import { textIn } from '../questionnaire/questionnaire';

/**
 * Everything stored about the session's assessment, as one ZIP: data.json (machine-readable) and
 * its photos and videos under media/. Only this assessment: others bought with the same e-mail
 * address were proved by other sign-ins. Secrets (token versions, the code's hash) stay out.
 */
export async function patientExportZip(
  deps: { db: Db; media: MediaStore },
  auth: AuthContext,
): Promise<archiver.Archiver> {
  const { accessCodeId } = auth;
  const assessment = await findAssessment(deps.db, accessCodeId);
  if (!assessment) throw new DomainError('not_found', 'errors.notFound');
  const [answers, uploads, paid] = await Promise.all([
    readAnswers(deps.db, [accessCodeId]),
    uploadsOfAssessment(deps.db, accessCodeId),
    paymentsOfAssessment(deps.db, accessCodeId),
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
      termsVersion: assessment.termsVersion,
      withdrawalVersion: assessment.withdrawalVersion,
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
    answers: answers.map(({ question, answer }) => ({
      questionId: question.id,
      question: textIn(question.text, assessment.language),
      questionType: question.type,
      optionId: answer.optionId,
      answerText: answer.answerText,
      mediaType: answer.mediaType,
      mediaPath: answer.mediaPath,
      painPoints: answer.painPoints,
      symptoms: answer.symptoms,
      createdAt: answer.createdAt,
      updatedAt: answer.updatedAt,
    })),
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
  await recordAudit(deps.db, auth, {
    action: 'patient.export',
    patientUserId: auth.userId,
    accessCodeId,
    detail: 'self',
  });
  const zip = archiver('zip', { zlib: { level: 6 } });
  zip.append(JSON.stringify(data, null, 2), { name: 'data.json' });
  for (const upload of uploads) {
    // Photos and videos are already compressed: store them as they are.
    zip.append(deps.media.read(upload.path), { name: upload.path, store: true });
  }
  void zip.finalize();
  return zip;
}
