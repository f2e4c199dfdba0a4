import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GERMAN_LANGUAGE_ID, type Language } from '../../shared/constants';
import type { ScreenerScore } from '../../shared/contracts/review';
import type { DbOrTx } from '../db/client';
import {
  optionTranslations,
  questionOptions,
  questions,
  questionTranslations,
  responses,
} from '../db/schema';
import { scoreInstrument } from '../instruments/instrument';
import { TMD_PAIN_SCREENER } from '../instruments/tmd-pain-screener';

const questionDe = alias(questionTranslations, 'question_de');
const optionDe = alias(optionTranslations, 'option_de');

export interface AssessmentAnswer {
  accessCodeId: number;
  questionId: number;
  questionType: (typeof questions.$inferSelect)['questionType'];
  questionText: string;
  instrumentItem: string | null;
  optionText: string | null;
  optionScore: number | null;
  answerText: string | null;
  mediaType: (typeof responses.$inferSelect)['mediaType'];
  mediaPath: string | null;
  painPoints: (typeof responses.$inferSelect)['painPoints'];
  symptoms: (typeof responses.$inferSelect)['symptoms'];
  updatedAt: Date;
}

/**
 * Every answer of the given assessments in one query, in questionnaire order, with question and
 * option texts in the reader's language.
 */
export async function loadAssessmentAnswers(
  db: DbOrTx,
  accessCodeIds: number[],
  language: Language,
  options: { instrumentItemsOnly?: boolean } = {},
): Promise<AssessmentAnswer[]> {
  if (accessCodeIds.length === 0) return [];
  const rows = await db
    .select({
      accessCodeId: responses.accessCodeId,
      questionId: questions.id,
      questionType: questions.questionType,
      questionText: questions.questionText,
      questionTextDe: questionDe.translatedText,
      instrumentItem: questions.instrumentItem,
      optionText: questionOptions.optionText,
      optionTextDe: optionDe.translatedText,
      optionScore: questionOptions.score,
      answerText: responses.answerText,
      mediaType: responses.mediaType,
      mediaPath: responses.mediaPath,
      painPoints: responses.painPoints,
      symptoms: responses.symptoms,
      updatedAt: responses.updatedAt,
    })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .leftJoin(
      questionDe,
      and(eq(questionDe.questionId, questions.id), eq(questionDe.languageId, GERMAN_LANGUAGE_ID)),
    )
    .leftJoin(questionOptions, eq(questionOptions.id, responses.optionId))
    .leftJoin(
      optionDe,
      and(eq(optionDe.optionId, questionOptions.id), eq(optionDe.languageId, GERMAN_LANGUAGE_ID)),
    )
    .where(
      and(
        inArray(responses.accessCodeId, accessCodeIds),
        options.instrumentItemsOnly ? isNotNull(questions.instrumentItem) : undefined,
      ),
    )
    .orderBy(asc(responses.accessCodeId), asc(questions.sortOrder), asc(questions.id));

  const german = language === 'de';
  return rows.map(({ questionTextDe, optionTextDe, ...row }) => ({
    ...row,
    questionText: (german && questionTextDe) || row.questionText,
    optionText: (german && optionTextDe) || row.optionText,
  }));
}

/** The screener score of each assessment (null where an item is unanswered). */
export async function screenerScores(
  db: DbOrTx,
  accessCodeIds: number[],
): Promise<Map<number, ScreenerScore | null>> {
  const answers = await loadAssessmentAnswers(db, accessCodeIds, 'en', {
    instrumentItemsOnly: true,
  });
  const scores = new Map<number, ScreenerScore | null>();
  for (const id of accessCodeIds) {
    const own = answers
      .filter((answer) => answer.accessCodeId === id)
      .map((answer) => ({ instrumentItem: answer.instrumentItem!, score: answer.optionScore }));
    scores.set(id, scoreInstrument(TMD_PAIN_SCREENER, own));
  }
  return scores;
}
