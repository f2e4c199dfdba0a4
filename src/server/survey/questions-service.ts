import { and, asc, eq, inArray } from 'drizzle-orm';
import { GERMAN_LANGUAGE_ID, type Language } from '../../shared/constants';
import type { Answer, SurveyQuestion } from '../../shared/contracts/survey';
import { findOverlayGuide, overlayForQuestionText, type OverlayId } from '../../shared/overlays';
import { stepLabel } from '../../shared/step-label';
import type { DbOrTx } from '../db/client';
import {
  optionTranslations,
  questionOptions,
  questions,
  questionTranslations,
  responses,
} from '../db/schema';

type QuestionRow = typeof questions.$inferSelect;
type ResponseRow = typeof responses.$inferSelect;

/** The guide a camera question shows: its own, or one picked from its English text. */
export function overlayOfQuestion(
  question: Pick<QuestionRow, 'questionType' | 'overlay' | 'questionText'>,
): OverlayId {
  if (question.questionType !== 'photo' && question.questionType !== 'video') return 'none';
  const own = findOverlayGuide(question.overlay);
  return own ? own.id : overlayForQuestionText(question.questionText);
}

export function toAnswer(row: ResponseRow): Answer {
  return {
    answerText: row.answerText,
    optionId: row.optionId,
    mediaType: row.mediaType,
    mediaPath: row.mediaPath,
    painPoints: row.painPoints,
    symptoms: row.symptoms,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active questions in order, in the patient's language, with their saved answers. */
export async function listSurveyQuestions(
  db: DbOrTx,
  input: { accessCodeId: number; language: Language },
): Promise<SurveyQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.isActive, true))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const german = input.language === 'de';

  const [questionTexts, options, answers] = await Promise.all([
    german
      ? db
          .select()
          .from(questionTranslations)
          .where(
            and(
              inArray(questionTranslations.questionId, ids),
              eq(questionTranslations.languageId, GERMAN_LANGUAGE_ID),
            ),
          )
      : Promise.resolve([]),
    db
      .select()
      .from(questionOptions)
      .where(and(inArray(questionOptions.questionId, ids), eq(questionOptions.isActive, true)))
      .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id)),
    db
      .select()
      .from(responses)
      .where(
        and(eq(responses.accessCodeId, input.accessCodeId), inArray(responses.questionId, ids)),
      ),
  ]);
  const optionTexts =
    german && options.length > 0
      ? await db
          .select()
          .from(optionTranslations)
          .where(
            and(
              inArray(
                optionTranslations.optionId,
                options.map((o) => o.id),
              ),
              eq(optionTranslations.languageId, GERMAN_LANGUAGE_ID),
            ),
          )
      : [];

  const questionText = new Map(questionTexts.map((t) => [t.questionId, t.translatedText]));
  const optionText = new Map(optionTexts.map((t) => [t.optionId, t.translatedText]));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));

  return rows.map((row) => {
    const text = questionText.get(row.id)?.trim() || row.questionText;
    const answer = answerOf.get(row.id);
    return {
      id: row.id,
      text,
      questionType: row.questionType,
      stepLabel: stepLabel(text),
      overlay: overlayOfQuestion(row),
      options: options
        .filter((o) => o.questionId === row.id)
        .map((o) => ({ id: o.id, text: optionText.get(o.id)?.trim() || o.optionText })),
      ...(answer ? { answer: toAnswer(answer) } : {}),
    };
  });
}
