import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AnswerFields } from '../../src/shared/contracts/answer';
import type { Db } from '../../src/server/platform/db/client';
import { questionOptions, questions, answers } from '../../src/server/schema';
import type { TestUser } from './test-app';

/** Answers the six screener items with the option scoring the given points each. */
export async function answerScreener(
  db: Db,
  patient: Pick<TestUser, 'id' | 'assessmentId'>,
  points: number[],
): Promise<void> {
  const items = await db
    .select({ id: questions.id, item: questions.instrumentItem })
    .from(questions)
    .where(isNotNull(questions.instrumentItem))
    .orderBy(asc(questions.sortOrder));
  for (const [index, question] of items.entries()) {
    if (points[index] === undefined) continue;
    const [option] = await db
      .select({ id: questionOptions.id })
      .from(questionOptions)
      .where(
        and(eq(questionOptions.questionId, question.id), eq(questionOptions.score, points[index]!)),
      );
    await db.insert(answers).values({
      userId: patient.id,
      assessmentId: patient.assessmentId,
      questionId: question.id,
      ...storedAnswer({ optionId: option!.id }),
    });
  }
}

export async function firstQuestionOfType(
  db: Db,
  type: (typeof questions.$inferSelect)['questionType'],
) {
  const [question] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.questionType, type), eq(questions.isActive, true)))
    .orderBy(asc(questions.sortOrder))
    .limit(1);
  if (!question) throw new Error(`No active ${type} question in the questionnaire`);
  return question;
}

/**
 * The stored part of an answers row for a built-in type's answer given by its API fields, as
 * the type stores it: the fields as its value, the option and the file beside it.
 */
export function storedAnswer(fields: Partial<Omit<AnswerFields, 'value'>>) {
  const value = Object.fromEntries(Object.entries(fields).filter(([, v]) => v != null));
  return {
    value: Object.keys(value).length > 0 ? value : null,
    optionId: fields.optionId ?? null,
    filePath: fields.mediaPath ?? null,
  };
}

/**
 * Marks every question before the first one matching `stop` (in questionnaire order) as seen:
 * an answers row without a value, so signing in opens that question. Returns the questions and
 * the index of the one it stopped at (-1 when none matches: nothing is written).
 */
export async function seenUntil(
  db: Db,
  patient: { userId: number; assessmentId: number },
  stop: (question: typeof questions.$inferSelect) => boolean,
) {
  const all = await db.select().from(questions).orderBy(asc(questions.sortOrder));
  const index = all.findIndex(stop);
  if (index > 0)
    await db.insert(answers).values(
      all.slice(0, index).map((q) => ({
        userId: patient.userId,
        assessmentId: patient.assessmentId,
        questionId: q.id,
      })),
    );
  return { all, index };
}
