import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { GERMAN_LANGUAGE_ID } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import type { QuestionnaireOption, QuestionnaireQuestion } from '../../../shared/questionnaire';
import { optionTranslations, questionOptions, questions, questionTranslations } from './tables';

/** The questionnaire module's data access: questions, their options and German texts. */

export type QuestionRow = typeof questions.$inferSelect;
type QuestionValues = Omit<typeof questions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type OptionValues = Omit<typeof questionOptions.$inferInsert, 'id' | 'questionId'>;

/**
 * The whole questionnaire (active questions and those kept for old answers) with options and
 * German texts, in order: two queries, whatever its size. It is a few dozen rows.
 */
export async function loadQuestionnaire(db: DbOrTx): Promise<QuestionnaireQuestion[]> {
  const [questionRows, optionRows] = await Promise.all([
    db
      .select({ question: questions, de: questionTranslations.translatedText })
      .from(questions)
      .leftJoin(
        questionTranslations,
        and(
          eq(questionTranslations.questionId, questions.id),
          eq(questionTranslations.languageId, GERMAN_LANGUAGE_ID),
        ),
      )
      .orderBy(asc(questions.sortOrder), asc(questions.id)),
    db
      .select({ option: questionOptions, de: optionTranslations.translatedText })
      .from(questionOptions)
      .leftJoin(
        optionTranslations,
        and(
          eq(optionTranslations.optionId, questionOptions.id),
          eq(optionTranslations.languageId, GERMAN_LANGUAGE_ID),
        ),
      )
      .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id)),
  ]);
  const optionsOf = new Map<number, QuestionnaireOption[]>();
  for (const { option, de } of optionRows) {
    const list = optionsOf.get(option.questionId) ?? [];
    list.push({
      id: option.id,
      text: { en: option.optionText, de: de ?? null },
      sortOrder: option.sortOrder,
      isActive: option.isActive,
      score: option.score,
    });
    optionsOf.set(option.questionId, list);
  }
  return questionRows.map(({ question, de }) => ({
    id: question.id,
    type: question.questionType,
    text: { en: question.questionText, de: de ?? null },
    sortOrder: question.sortOrder,
    isActive: question.isActive,
    overlay: question.overlay,
    required: question.required,
    maxRecordingSeconds: question.maxRecordingSeconds,
    instrumentItem: question.instrumentItem,
    options: optionsOf.get(question.id) ?? [],
  }));
}

/** An active question, or undefined. */
export async function findActiveQuestion(db: DbOrTx, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.isActive, true)));
  return row;
}

/** Whether the option is an active option of the question. */
export async function isActiveOptionOf(
  db: DbOrTx,
  questionId: number,
  optionId: number,
): Promise<boolean> {
  const [option] = await db
    .select({ id: questionOptions.id })
    .from(questionOptions)
    .where(
      and(
        eq(questionOptions.id, optionId),
        eq(questionOptions.questionId, questionId),
        eq(questionOptions.isActive, true),
      ),
    );
  return Boolean(option);
}

/** Locks the question row for the rest of the transaction. */
export async function lockQuestion(db: DbOrTx, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).for('update');
  return row;
}

export async function insertQuestion(db: DbOrTx, values: QuestionValues): Promise<number> {
  const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}

export async function updateQuestionRow(
  db: DbOrTx,
  id: number,
  values: Partial<QuestionValues>,
): Promise<void> {
  await db
    .update(questions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(questions.id, id));
}

export async function deleteQuestionRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

/** Replaces the German text of a question (none when `text` is empty). */
export async function setQuestionGermanText(
  db: DbOrTx,
  questionId: number,
  text: string | undefined,
): Promise<void> {
  await db
    .delete(questionTranslations)
    .where(
      and(
        eq(questionTranslations.questionId, questionId),
        eq(questionTranslations.languageId, GERMAN_LANGUAGE_ID),
      ),
    );
  if (text) {
    await db
      .insert(questionTranslations)
      .values({ questionId, languageId: GERMAN_LANGUAGE_ID, translatedText: text });
  }
}

/** Replaces the German text of an option (none when `text` is empty). */
export async function setOptionGermanText(
  db: DbOrTx,
  optionId: number,
  text: string | undefined,
): Promise<void> {
  await db
    .delete(optionTranslations)
    .where(
      and(
        eq(optionTranslations.optionId, optionId),
        eq(optionTranslations.languageId, GERMAN_LANGUAGE_ID),
      ),
    );
  if (text) {
    await db
      .insert(optionTranslations)
      .values({ optionId, languageId: GERMAN_LANGUAGE_ID, translatedText: text });
  }
}

export async function insertOption(
  db: DbOrTx,
  questionId: number,
  values: OptionValues,
): Promise<number> {
  const [row] = await db
    .insert(questionOptions)
    .values({ ...values, questionId })
    .returning({ id: questionOptions.id });
  return row!.id;
}

export async function updateOption(
  db: DbOrTx,
  optionId: number,
  values: Partial<OptionValues>,
): Promise<void> {
  await db.update(questionOptions).set(values).where(eq(questionOptions.id, optionId));
}

export async function optionIdsOfQuestion(db: DbOrTx, questionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: questionOptions.id })
    .from(questionOptions)
    .where(eq(questionOptions.questionId, questionId));
  return rows.map((row) => row.id);
}

export async function setOptionsActive(
  db: DbOrTx,
  optionIds: number[],
  isActive: boolean,
): Promise<void> {
  if (optionIds.length === 0) return;
  await db.update(questionOptions).set({ isActive }).where(inArray(questionOptions.id, optionIds));
}

export async function deleteOptions(db: DbOrTx, optionIds: number[]): Promise<void> {
  if (optionIds.length === 0) return;
  await db.delete(questionOptions).where(inArray(questionOptions.id, optionIds));
}

/** Takes a transaction-wide lock, so instances starting together seed the questionnaire once. */
export async function lockForSeeding(db: DbOrTx, lockId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${lockId})`);
}

export async function questionCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(questions);
  return row?.count ?? 0;
}

/** Whether the question (its id a value) is active: a condition other modules' writes take. */
export const isActiveQuestion = (questionId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${questions} WHERE ${questions.id} = ${questionId}
    AND ${questions.isActive})`;

/**
 * Scalar subqueries of a prepared statement: the type of the active question whose id is in
 * `questionParam` (null when there is none), and whether the option in `optionParam` is an
 * active option of it.
 */
export const activeQuestionTypeSql = (questionParam: string): string =>
  `(SELECT question_type FROM questions WHERE id = ${questionParam}::int AND is_active)`;
export const isActiveOptionSql = (optionParam: string, questionParam: string): string =>
  `EXISTS (SELECT 1 FROM question_options WHERE id = ${optionParam}::int
    AND question_id = ${questionParam}::int AND is_active)`;
