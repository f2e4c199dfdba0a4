import type {
  AdminAssessmentAnswers,
  AdminPatientsPage,
  AdminPatientsQuery,
} from '../../../shared/contracts/admin-patients';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { maskedCodesOf } from '../access';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { isOverdue } from '../assessments';
import { findAssessment, listAssessmentsOfAccounts, listPatientPage } from '../assessments';
import { translationsOf } from '../questionnaire';
import { readAnswers, screenerScores } from '../answers';
import { answerCountsOfAssessments } from '../answers';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * One page of patients with their assessments, answer counts, review status and screener score,
 * in a fixed number of queries whatever the page size. Patients whose latest assessment is
 * newest come first.
 */
export async function listPatientsPage(
  db: DbOrTx,
  query: AdminPatientsQuery,
  now = new Date(),
): Promise<AdminPatientsPage> {
  const { rows, total } = await listPatientPage(db, query);
  const assessments = await listAssessmentsOfAccounts(
    db,
    rows.map((row) => row.id),
  );
  const ids = assessments.map((assessment) => assessment.id);
  const [scores, codes, counts] = await Promise.all([
    screenerScores(db, ids),
    maskedCodesOf(db, ids),
    answerCountsOfAssessments(db, ids),
  ]);
  return {
    page: query.page,
    pageSize: query.pageSize,
    total,
    users: rows.map((user) => ({
      ID: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      accessCodes: assessments
        .filter((assessment) => assessment.userId === user.id)
        .map((assessment) => ({
          ID: assessment.id,
          firstName: assessment.firstName,
          lastName: assessment.lastName,
          email: assessment.email || user.email,
          dateOfBirth: assessment.dateOfBirth,
          accessCode: codes.get(assessment.id)!,
          createdAt: new Date(assessment.createdAt).toISOString(),
          status: assessment.status,
          responseCount: counts.get(assessment.id) ?? 0,
          submittedAt: iso(assessment.submittedAt),
          dueAt: iso(assessment.dueAt),
          overdue: isOverdue(assessment, now),
          cancelledAt: iso(assessment.cancelledAt),
          screener: scores.get(assessment.id) ?? null,
        })),
    })),
  };
}

/** Every answer of one assessment with its question and options, in survey order; audit-logged. */
export async function listAssessmentAnswers(
  db: DbOrTx,
  actor: AuthContext,
  assessmentId: number,
): Promise<AdminAssessmentAnswers> {
  const assessment = await findAssessment(db, assessmentId);
  if (!assessment) throw notFound('admin.accessCodeNotFound');
  const answers = await readAnswers(db, [assessmentId]);
  await recordAudit(db, actor, {
    action: 'responses.read',
    patientUserId: assessment.userId,
    assessmentId,
  });
  return {
    assessmentId,
    responses: answers.map(({ question, answer }) => ({
      ID: answer.id,
      Question: {
        ID: question.id,
        QuestionType: question.type,
        QuestionText: question.text.en,
        IsActive: question.isActive,
        Translations: translationsOf(question.text),
        Options: question.options.map((option) => ({
          ID: option.id,
          OptionText: option.text.en,
          IsActive: option.isActive,
          Translations: translationsOf(option.text),
        })),
      },
      OptionID: answer.optionId,
      AnswerText: answer.answerText,
      MediaType: answer.mediaType,
      MediaPath: answer.mediaPath,
      PainPoints: answer.painPoints,
      Symptoms: answer.symptoms,
      Value: answer.value,
      CreatedAt: new Date(answer.createdAt).toISOString(),
      UpdatedAt: new Date(answer.updatedAt).toISOString(),
    })),
  };
}
