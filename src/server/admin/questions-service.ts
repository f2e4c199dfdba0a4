import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { GERMAN_LANGUAGE_ID } from '../../shared/constants';
import type {
  AdminQuestion,
  DeleteQuestionResult,
  QuestionWriteBody,
} from '../../shared/contracts/admin-questions';
import type { OverlayId } from '../../shared/overlays';
import type { Db, DbOrTx, Tx } from '../db/client';
import {
  optionTranslations,
  questionOptions,
  questions,
  questionTranslations,
  responses,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http/app-error';

const MEDIA_TYPES = new Set(['photo', 'video']);

/** Every question, active or kept for existing answers, with options, translations and counts. */
export async function listQuestions(db: DbOrTx): Promise<AdminQuestion[]> {
  const [questionRows, translationRows, optionRows, optionTranslationRows, countRows] =
    await Promise.all([
      db.select().from(questions).orderBy(asc(questions.sortOrder), asc(questions.id)),
      db.select().from(questionTranslations),
      db
        .select()
        .from(questionOptions)
        .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id)),
      db.select().from(optionTranslations),
      db
        .select({ questionId: responses.questionId, n: count() })
        .from(responses)
        .groupBy(responses.questionId),
    ]);
  const counts = new Map(countRows.map((row) => [row.questionId, Number(row.n)]));
  const group = <T, K>(rows: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const translationsByQuestion = group(translationRows, (row) => row.questionId);
  const optionsByQuestion = group(optionRows, (row) => row.questionId);
  const translationsByOption = group(optionTranslationRows, (row) => row.optionId);
  const toTranslations = (rows: { languageId: number; translatedText: string }[] = []) =>
    rows.map((row) => ({ LanguageID: row.languageId, TranslatedText: row.translatedText }));

  return questionRows.map((q) => ({
    ID: q.id,
    QuestionType: q.questionType,
    QuestionText: q.questionText,
    Order: q.sortOrder,
    IsActive: q.isActive,
    Overlay: (q.overlay as OverlayId | null) ?? null,
    Translations: toTranslations(translationsByQuestion.get(q.id)),
    Options: (optionsByQuestion.get(q.id) ?? []).map((o) => ({
      ID: o.id,
      OptionText: o.optionText,
      Order: o.sortOrder,
      IsActive: o.isActive,
      Translations: toTranslations(translationsByOption.get(o.id)),
    })),
    ResponseCount: counts.get(q.id) ?? 0,
  }));
}

async function getQuestion(db: DbOrTx, id: number): Promise<AdminQuestion> {
  const found = (await listQuestions(db)).find((q) => q.ID === id);
  if (!found) throw notFound('admin.questionNotFound');
  return found;
}

function germanText(translations: QuestionWriteBody['Translations']): string | undefined {
  const text = translations.find((t) => t.LanguageID === GERMAN_LANGUAGE_ID)?.TranslatedText;
  return text ? text : undefined;
}

/** Options only belong to multiple choice; an overlay only to photo and video questions. */
function normalize(body: QuestionWriteBody) {
  const options = body.QuestionType === 'multiple_choice' ? body.Options : [];
  if (body.QuestionType === 'multiple_choice' && !options.some((o) => o.IsActive)) {
    throw badRequest('admin.optionsRequired');
  }
  const overlay =
    MEDIA_TYPES.has(body.QuestionType) && body.Overlay && body.Overlay !== 'none'
      ? body.Overlay
      : null;
  return { options, overlay };
}

async function setGermanText(tx: Tx, questionId: number, text: string | undefined) {
  await tx
    .delete(questionTranslations)
    .where(
      and(
        eq(questionTranslations.questionId, questionId),
        eq(questionTranslations.languageId, GERMAN_LANGUAGE_ID),
      ),
    );
  if (text) {
    await tx
      .insert(questionTranslations)
      .values({ questionId, languageId: GERMAN_LANGUAGE_ID, translatedText: text });
  }
}

async function setOptionGermanText(tx: Tx, optionId: number, text: string | undefined) {
  await tx
    .delete(optionTranslations)
    .where(
      and(
        eq(optionTranslations.optionId, optionId),
        eq(optionTranslations.languageId, GERMAN_LANGUAGE_ID),
      ),
    );
  if (text) {
    await tx
      .insert(optionTranslations)
      .values({ optionId, languageId: GERMAN_LANGUAGE_ID, translatedText: text });
  }
}

export async function createQuestion(db: Db, body: QuestionWriteBody): Promise<AdminQuestion> {
  const { options, overlay } = normalize(body);
  if (options.some((o) => o.ID !== undefined)) throw badRequest('admin.optionNotFound');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        questionType: body.QuestionType,
        questionText: body.QuestionText,
        sortOrder: body.Order,
        isActive: body.IsActive,
        overlay,
      })
      .returning({ id: questions.id });
    const questionId = row!.id;
    await setGermanText(tx, questionId, germanText(body.Translations));
    for (const option of options) {
      const [created] = await tx
        .insert(questionOptions)
        .values({
          questionId,
          optionText: option.OptionText,
          sortOrder: option.Order,
          isActive: option.IsActive,
        })
        .returning({ id: questionOptions.id });
      await setOptionGermanText(tx, created!.id, germanText(option.Translations));
    }
    return questionId;
  });
  return getQuestion(db, id);
}

/**
 * Edits a question without touching its answers: the answers keep pointing at the question and
 * at their options. An option left out of the list is deleted, or deactivated when answers
 * chose it; the type of an answered question is fixed.
 */
export async function updateQuestion(
  db: Db,
  id: number,
  body: QuestionWriteBody,
): Promise<AdminQuestion> {
  const { options, overlay } = normalize(body);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!existing) throw notFound('admin.questionNotFound');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(responses)
      .where(eq(responses.questionId, id));
    if (Number(n) > 0 && existing.questionType !== body.QuestionType) {
      throw conflict('admin.questionTypeLocked');
    }

    await tx
      .update(questions)
      .set({
        questionType: body.QuestionType,
        questionText: body.QuestionText,
        sortOrder: body.Order,
        isActive: body.IsActive,
        overlay,
        updatedAt: sql`now()`,
      })
      .where(eq(questions.id, id));
    await setGermanText(tx, id, germanText(body.Translations));

    const current = await tx
      .select({ id: questionOptions.id })
      .from(questionOptions)
      .where(eq(questionOptions.questionId, id));
    const currentIds = new Set(current.map((o) => o.id));
    const keptIds = new Set<number>();
    for (const option of options) {
      if (option.ID !== undefined) {
        if (!currentIds.has(option.ID) || keptIds.has(option.ID)) {
          throw badRequest('admin.optionNotFound');
        }
        keptIds.add(option.ID);
        await tx
          .update(questionOptions)
          .set({
            optionText: option.OptionText,
            sortOrder: option.Order,
            isActive: option.IsActive,
          })
          .where(eq(questionOptions.id, option.ID));
        await setOptionGermanText(tx, option.ID, germanText(option.Translations));
      } else {
        const [created] = await tx
          .insert(questionOptions)
          .values({
            questionId: id,
            optionText: option.OptionText,
            sortOrder: option.Order,
            isActive: option.IsActive,
          })
          .returning({ id: questionOptions.id });
        await setOptionGermanText(tx, created!.id, germanText(option.Translations));
      }
    }

    const removed = [...currentIds].filter((optionId) => !keptIds.has(optionId));
    if (removed.length > 0) {
      const chosen = await tx
        .selectDistinct({ optionId: responses.optionId })
        .from(responses)
        .where(inArray(responses.optionId, removed));
      const chosenIds = chosen.map((row) => row.optionId).filter((v): v is number => v !== null);
      const unused = removed.filter((optionId) => !chosenIds.includes(optionId));
      if (chosenIds.length > 0) {
        await tx
          .update(questionOptions)
          .set({ isActive: false })
          .where(inArray(questionOptions.id, chosenIds));
      }
      if (unused.length > 0) {
        await tx.delete(questionOptions).where(inArray(questionOptions.id, unused));
      }
    }
  });
  return getQuestion(db, id);
}

/** Deletes an unanswered question; an answered one is deactivated so its answers keep their context. */
export async function deleteQuestion(db: Db, id: number): Promise<DeleteQuestionResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.id, id))
      .for('update');
    if (!existing) throw notFound('admin.questionNotFound');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(responses)
      .where(eq(responses.questionId, id));
    if (Number(n) > 0) {
      await tx
        .update(questions)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(questions.id, id));
      return { outcome: 'deactivated' as const };
    }
    await tx.delete(questions).where(eq(questions.id, id));
    return { outcome: 'deleted' as const };
  });
}
