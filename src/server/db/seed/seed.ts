import { sql } from 'drizzle-orm';
import { GERMAN_LANGUAGE_ID } from '../../../shared/constants';
import type { Db } from '../client';
import { optionTranslations, questionOptions, questions, questionTranslations } from '../schema';
import { DEFAULT_QUESTIONNAIRE } from './default-questionnaire';

const SEED_LOCK_ID = 7_240_116;

/**
 * Gives an empty database the default questionnaire. Runs at every start; the transaction-wide
 * advisory lock makes instances that start together seed it once.
 */
export async function seedDefaultQuestionnaire(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(questions);
    if (count > 0) return false;

    for (const [index, item] of DEFAULT_QUESTIONNAIRE.entries()) {
      const [question] = await tx
        .insert(questions)
        .values({
          questionType: item.type,
          questionText: item.en,
          sortOrder: index + 1,
          overlay: item.overlay ?? null,
          instrumentItem: item.instrumentItem ?? null,
        })
        .returning({ id: questions.id });
      const questionId = question!.id;
      await tx
        .insert(questionTranslations)
        .values({ questionId, languageId: GERMAN_LANGUAGE_ID, translatedText: item.de });
      for (const [optionIndex, option] of (item.options ?? []).entries()) {
        const [row] = await tx
          .insert(questionOptions)
          .values({
            questionId,
            optionText: option.en,
            sortOrder: optionIndex + 1,
            score: option.score ?? null,
          })
          .returning({ id: questionOptions.id });
        await tx
          .insert(optionTranslations)
          .values({ optionId: row!.id, languageId: GERMAN_LANGUAGE_ID, translatedText: option.de });
      }
    }
    return true;
  });
}
