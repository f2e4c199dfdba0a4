import type { Db } from '../../../platform/db/client';
import {
  insertOption,
  insertQuestion,
  lockForSeeding,
  questionCount,
  setOptionGermanText,
  setQuestionGermanText,
} from '../questionnaire-repository';
import { DEFAULT_QUESTIONNAIRE } from './default-questionnaire';

const SEED_LOCK_ID = 7_240_116;

/**
 * Gives an empty database the default questionnaire. Runs at every start; the transaction-wide
 * advisory lock makes instances that start together seed it once.
 */
export async function seedDefaultQuestionnaire(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockForSeeding(tx, SEED_LOCK_ID);
    if ((await questionCount(tx)) > 0) return false;
    for (const [index, item] of DEFAULT_QUESTIONNAIRE.entries()) {
      const questionId = await insertQuestion(tx, {
        questionType: item.type,
        questionText: item.en,
        sortOrder: index + 1,
        overlay: item.overlay ?? null,
        required: item.required ?? false,
        instrumentItem: item.instrumentItem ?? null,
      });
      await setQuestionGermanText(tx, questionId, item.de);
      for (const [optionIndex, option] of (item.options ?? []).entries()) {
        const optionId = await insertOption(tx, questionId, {
          optionText: option.en,
          sortOrder: optionIndex + 1,
          score: option.score ?? null,
        });
        await setOptionGermanText(tx, optionId, option.de);
      }
    }
    return true;
  });
}
