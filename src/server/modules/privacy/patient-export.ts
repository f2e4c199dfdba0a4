import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { translate } from '../../platform/i18n/messages';
import { DomainError } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { readAnswers } from '../answers';
import { findAssessment } from '../assessments';
import { sentEvaluation } from '../evaluations';
import { uploadsOfAssessment } from '../media';
import { availableSize, logUnavailable } from '../media';
import type { MediaStore } from '../media';
import { paymentsOfAssessment } from '../payments';
import { textIn } from '../../../shared/questionnaire';
import { maskedCodesOf } from '../access';
import { serverOfType } from '../../../question-types/registry.server';

/**
 * Everything stored about the session's assessment, as one ZIP: data.json (machine-readable) and
 * its photos and videos under media/. Only this assessment: others bought with the same e-mail
 * address were proved by other sign-ins. Secrets (token versions, the code's hash) stay out.
 * A file that cannot be read from the store (missing, no key for it) is listed in data.json as
 * not available, in the patient's language, and logged; the rest of the export goes out.
 */
export async function patientExportZip(
  deps: {
    db: Db;
    media: MediaStore;
    log: FastifyBaseLogger;
    config: Pick<Config, 'practice' | 'letterhead'>;
  },
  auth: AuthContext,
): Promise<archiver.Archiver> {
  const { assessmentId } = auth;
  const assessment = await findAssessment(deps.db, assessmentId);
  if (!assessment) throw new DomainError('not_found', 'errors.notFound');
  const [answers, uploads, paid, evaluation, hints] = await Promise.all([
    readAnswers(deps.db, [assessmentId]),
    uploadsOfAssessment(deps.db, assessmentId),
    paymentsOfAssessment(deps.db, assessmentId),
    sentEvaluation(deps, deps.db, assessment),
    maskedCodesOf(deps.db, [assessmentId]),
  ]);
  const reading = { log: deps.log, reader: 'patient-export' };
  const available = await Promise.all(
    uploads.map(async (u) => (await availableSize(deps.media, u.path, reading)) !== null),
  );
  const notAvailable = translate(assessment.language, 'privacy.exportMediaNotAvailable');
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
      accessCode: hints.get(assessmentId)!,
      status: assessment.status,
      createdAt: assessment.createdAt,
      submittedAt: assessment.submittedAt,
      evaluatedAt: assessment.evaluatedAt,
      evaluationSentOn: assessment.evaluationSentOn,
    },
    answers: answers.map((item) => ({
      questionId: item.question.id,
      question: textIn(item.question.text, assessment.language),
      questionType: item.question.type,
      optionId: item.answer.optionId,
      ...serverOfType(item.question.type).exportFields?.(item, assessment.language),
      answerText: item.answer.answerText,
      mediaType: item.answer.mediaType,
      mediaPath: item.answer.mediaPath,
      painPoints: item.answer.painPoints,
      symptoms: item.answer.symptoms,
      createdAt: item.answer.createdAt,
      updatedAt: item.answer.updatedAt,
    })),
    media: uploads.map((u, i) => ({
      file: u.path,
      type: u.mediaType,
      mimeType: u.mimeType,
      sizeBytes: u.sizeBytes,
      questionId: u.questionId,
      createdAt: u.createdAt,
      ...(available[i] ? {} : { available: false, note: notAvailable }),
    })),
    payments: paid,
    /** The dentist's evaluation as the patient reads it; null until it is sent. */
    evaluation,
  };
  await recordAudit(deps.db, auth, {
    action: 'patient.export',
    patientUserId: auth.userId,
    assessmentId,
    detail: 'self',
  });
  const zip = archiver('zip', { zlib: { level: 6 } });
  zip.append(JSON.stringify(data, null, 2), { name: 'data.json' });
  uploads.forEach((upload, i) => {
    if (!available[i]) return;
    // A file that fails midway (removed since) fails the download, never the process: the
    // patient gets a broken download to retry rather than a ZIP that silently lacks a file.
    const file = deps.media.read(upload.path);
    file.once('error', (error) => {
      logUnavailable(reading, error);
      zip.destroy(error);
    });
    // Photos and videos are already compressed: store them as they are.
    zip.append(file, { name: upload.path, store: true });
  });
  void zip.finalize();
  return zip;
}
