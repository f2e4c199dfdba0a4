import { GERMAN_LANGUAGE_ID } from '../../../shared/constants';
import type {
  AdminQuestion,
  DeleteQuestionResult,
  QuestionWriteBody,
} from '../../../shared/contracts/admin-questions';
import type { OverlayId } from '../../../shared/overlays';
import type { Db, DbOrTx } from '../../platform/db/client';
import { invalid, conflict, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { translationsOf } from './questionnaire';
import {
  deleteOptions,
  deleteQuestionRow,
  insertOption,
  insertQuestion,
  loadQuestionnaire,
  lockQuestion,
  optionIdsOfQuestion,
  setOptionGermanText,
  setOptionsActive,
  setQuestionGermanText,
  updateOption,
  updateQuestionRow,
} from './questionnaire-repository';

const MEDIA_TYPES = new Set(['photo', 'video']);

/**
 * What editing the questionnaire must know of its answers, from the answers module (passed in by
 * the app: answers are kept per question, so the questionnaire cannot depend on them).
 */
export interface AnswerLookups {
  countsByQuestion(db: DbOrTx): Promise<Map<number, number>>;
  countOfQuestion(db: DbOrTx, questionId: number): Promise<number>;
  /** Which of the options some answer chose. */
  chosenOptionIds(db: DbOrTx, optionIds: number[]): Promise<number[]>;
}

/** Every question, active or kept for existing answers, with options, translations and counts. */
export async function listQuestions(db: DbOrTx, answers: AnswerLookups): Promise<AdminQuestion[]> {
  const [questionnaire, counts] = await Promise.all([
    loadQuestionnaire(db),
    answers.countsByQuestion(db),
  ]);
  return questionnaire.map((q) => ({
    ID: q.id,
    QuestionType: q.type,
    QuestionText: q.text.en,
    Order: q.sortOrder,
    IsActive: q.isActive,
    Overlay: (q.overlay as OverlayId | null) ?? null,
    Required: q.required,
    MaxRecordingSeconds: q.maxRecordingSeconds,
    Translations: translationsOf(q.text),
    Options: q.options.map((o) => ({
      ID: o.id,
      OptionText: o.text.en,
      Order: o.sortOrder,
      IsActive: o.isActive,
      Translations: translationsOf(o.text),
    })),
    ResponseCount: counts.get(q.id) ?? 0,
  }));
}

async function getQuestion(db: DbOrTx, answers: AnswerLookups, id: number): Promise<AdminQuestion> {
  const found = (await listQuestions(db, answers)).find((q) => q.ID === id);
  if (!found) throw notFound('admin.questionNotFound');
  return found;
}

function germanText(translations: QuestionWriteBody['Translations']): string | undefined {
  const text = translations.find((t) => t.LanguageID === GERMAN_LANGUAGE_ID)?.TranslatedText;
  return text ? text : undefined;
}

/**
 * Options only belong to multiple choice; an overlay only to photo and video questions, where
 * "none" (no guide) is kept as chosen rather than left to the pick by the question's words.
 */
function normalize(body: QuestionWriteBody) {
  const options = body.QuestionType === 'multiple_choice' ? body.Options : [];
  if (body.QuestionType === 'multiple_choice' && !options.some((o) => o.IsActive)) {
    throw invalid('admin.optionsRequired');
  }
  const overlay = MEDIA_TYPES.has(body.QuestionType) ? body.Overlay : null;
  return { options, overlay };
}

/** The columns of a question as the admin's body sets them. */
const questionValues = (body: QuestionWriteBody, overlay: string | null) => ({
  questionType: body.QuestionType,
  questionText: body.QuestionText,
  sortOrder: body.Order,
  isActive: body.IsActive,
  overlay,
  required: body.Required,
  maxRecordingSeconds: body.MaxRecordingSeconds,
});

export async function createQuestion(
  db: Db,
  answers: AnswerLookups,
  actor: AuthContext,
  body: QuestionWriteBody,
): Promise<AdminQuestion> {
  const { options, overlay } = normalize(body);
  if (options.some((o) => o.ID !== undefined)) throw invalid('admin.optionNotFound');
  const id = await db.transaction(async (tx) => {
    const questionId = await insertQuestion(tx, questionValues(body, overlay));
    await setQuestionGermanText(tx, questionId, germanText(body.Translations));
    for (const option of options) {
      const optionId = await insertOption(tx, questionId, optionValues(option));
      await setOptionGermanText(tx, optionId, germanText(option.Translations));
    }
    return questionId;
  });
  await recordAudit(db, actor, { action: 'question.create', detail: `question ${id}` });
  return getQuestion(db, answers, id);
}

const optionValues = (option: QuestionWriteBody['Options'][number]) => ({
  optionText: option.OptionText,
  sortOrder: option.Order,
  isActive: option.IsActive,
});

/**
 * Edits a question without touching its answers: the answers keep pointing at the question and
 * at their options. An option left out of the list is deleted, or deactivated when answers
 * chose it; the type of an answered question is fixed.
 */
export async function updateQuestion(
  db: Db,
  answers: AnswerLookups,
  actor: AuthContext,
  id: number,
  body: QuestionWriteBody,
): Promise<AdminQuestion> {
  const { options, overlay } = normalize(body);
  await db.transaction(async (tx) => {
    const existing = await lockQuestion(tx, id);
    if (!existing) throw notFound('admin.questionNotFound');
    if (
      existing.questionType !== body.QuestionType &&
      (await answers.countOfQuestion(tx, id)) > 0
    ) {
      throw conflict('admin.questionTypeLocked');
    }
    await updateQuestionRow(tx, id, questionValues(body, overlay));
    await setQuestionGermanText(tx, id, germanText(body.Translations));

    const currentIds = new Set(await optionIdsOfQuestion(tx, id));
    const keptIds = new Set<number>();
    for (const option of options) {
      let optionId = option.ID;
      if (optionId === undefined) {
        optionId = await insertOption(tx, id, optionValues(option));
      } else {
        if (!currentIds.has(optionId) || keptIds.has(optionId)) {
          throw invalid('admin.optionNotFound');
        }
        keptIds.add(optionId);
        await updateOption(tx, optionId, optionValues(option));
      }
      await setOptionGermanText(tx, optionId, germanText(option.Translations));
    }

    const removed = [...currentIds].filter((optionId) => !keptIds.has(optionId));
    const chosen = await answers.chosenOptionIds(tx, removed);
    await setOptionsActive(tx, chosen, false);
    await deleteOptions(
      tx,
      removed.filter((optionId) => !chosen.includes(optionId)),
    );
  });
  await recordAudit(db, actor, { action: 'question.update', detail: `question ${id}` });
  return getQuestion(db, answers, id);
}

/** Deletes an unanswered question; an answered one is deactivated so its answers keep their context. */
export async function deleteQuestion(
  db: Db,
  answers: AnswerLookups,
  actor: AuthContext,
  id: number,
): Promise<DeleteQuestionResult> {
  const result = await db.transaction(async (tx) => {
    if (!(await lockQuestion(tx, id))) throw notFound('admin.questionNotFound');
    if ((await answers.countOfQuestion(tx, id)) > 0) {
      await updateQuestionRow(tx, id, { isActive: false });
      return { outcome: 'deactivated' as const };
    }
    await deleteQuestionRow(tx, id);
    return { outcome: 'deleted' as const };
  });
  await recordAudit(db, actor, {
    action: result.outcome === 'deleted' ? 'question.delete' : 'question.deactivate',
    detail: `question ${id}`,
  });
  return result;
}
