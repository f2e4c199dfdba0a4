import type { ScreenerScore } from '../../../shared/contracts/review';
import { holdsAnswer } from '../../../question-types/registry.shared';
import type { AnsweredQuestion, AnswerView } from '../../../question-types/server-type';
import { answerFieldsOf } from '../../../shared/contracts/answer';
import type { DbOrTx } from '../../platform/db/client';
import type { QuestionnaireQuestion } from '../../../shared/questionnaire';
import { loadQuestionnaire } from '../questionnaire';
import { scoreInstrument } from '../questionnaire';
import { TMD_PAIN_SCREENER } from '../questionnaire';
import { answersOfAssessments, type AnswerRow } from './answers-repository';

/**
 * The one read of answers: every reader (the survey, the admin views, the case report, the CSV
 * and the patient's export) gets questions with their texts and options, and answers, from here.
 * The questionnaire is a few dozen rows, read whole; the answers are read per assessment.
 */

/** A stored answer as readers get it: the API fields its value has, and when it was saved. */
const toView = (row: AnswerRow): AnswerView => ({
  ...answerFieldsOf(row.value),
  id: row.id,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The answers of the given assessments, each with its question, in questionnaire order. */
export async function readAnswers(
  db: DbOrTx,
  assessmentIds: number[],
  filter: { instrumentItemsOnly?: boolean } = {},
): Promise<AnsweredQuestion[]> {
  if (assessmentIds.length === 0) return [];
  const questionnaire = await loadQuestionnaire(db);
  const wanted = filter.instrumentItemsOnly
    ? questionnaire.filter((question) => question.instrumentItem)
    : questionnaire;
  const answers = await answersOfAssessments(
    db,
    assessmentIds,
    filter.instrumentItemsOnly ? wanted.map((question) => question.id) : undefined,
  );
  const byQuestion = new Map(wanted.map((question, index) => [question.id, { question, index }]));
  return answers
    .flatMap((answer) => {
      const found = byQuestion.get(answer.questionId);
      return found ? [{ assessmentId: answer.assessmentId, answer: toView(answer), ...found }] : [];
    })
    .sort((a, b) => a.assessmentId - b.assessmentId || a.index - b.index)
    .map(({ assessmentId, question, answer }) => ({ assessmentId, question, answer }));
}

/** The survey of one assessment: its active questions in order, each with its answer if any. */
export async function readSurvey(
  db: DbOrTx,
  assessmentId: number,
): Promise<{ question: QuestionnaireQuestion; answer: AnswerView | null }[]> {
  const [questionnaire, answers] = await Promise.all([
    loadQuestionnaire(db),
    answersOfAssessments(db, [assessmentId]),
  ]);
  const answerOf = new Map(answers.map((answer) => [answer.questionId, toView(answer)]));
  return questionnaire
    .filter((question) => question.isActive)
    .map((question) => ({ question, answer: answerOf.get(question.id) ?? null }));
}

/**
 * The required questions of the survey the assessment has not answered, in survey order: no
 * answer, or one stored for a skipped question (which holds nothing by its type's rules).
 */
export async function unansweredRequiredQuestionIds(
  db: DbOrTx,
  assessmentId: number,
): Promise<number[]> {
  const survey = await readSurvey(db, assessmentId);
  return survey
    .filter(
      ({ question, answer }) =>
        question.required && !holdsAnswer(question.type, answer ?? undefined),
    )
    .map(({ question }) => question.id);
}

/** The screener score of each assessment (null where an item is unanswered). */
export async function screenerScores(
  db: DbOrTx,
  assessmentIds: number[],
): Promise<Map<number, ScreenerScore | null>> {
  const items = await readAnswers(db, assessmentIds, { instrumentItemsOnly: true });
  return new Map(
    assessmentIds.map((id) => [id, screenerScoreOf(items.filter((i) => i.assessmentId === id))]),
  );
}

/** The screener score of one assessment's answers. */
export function screenerScoreOf(answers: AnsweredQuestion[]): ScreenerScore | null {
  return scoreInstrument(
    TMD_PAIN_SCREENER,
    answers
      .filter(({ question }) => question.instrumentItem)
      .map(({ question, answer }) => ({
        instrumentItem: question.instrumentItem!,
        score: question.options.find((option) => option.id === answer.optionId)?.score ?? null,
      })),
  );
}
