import { z } from 'zod';
import { symptomEntrySchema, type SymptomEntry } from '../../shared/contracts/answer';
import { SYMPTOM_NAMES } from '../../shared/symptoms';
import { defineQuestionType } from '../question-type';

export type { SymptomEntry };

/** Symptoms with frequency, trigger and intensity, each symptom at most once. */
export const painSymptomsType = defineQuestionType({
  type: 'pain_symptoms',
  answerFields: { symptoms: z.array(symptomEntrySchema).max(SYMPTOM_NAMES.length).nullish() },
  // `symptomStarted` is the input's word that a complaint is half entered; it is never sent.
  emptyDraft: () => ({ symptoms: [] as SymptomEntry[], symptomStarted: false }),
  draftFromAnswer: (answer) => ({ symptoms: answer.symptoms ?? [], symptomStarted: false }),
  isAnswered: (draft) => draft.symptoms.length > 0,
  isUnfinished: (draft) => draft.symptomStarted,
  toSaveFields: (draft) => (draft.symptoms.length > 0 ? { symptoms: draft.symptoms } : {}),
});

/** Whether a symptom is listed twice, which the server refuses. */
export const hasDuplicateSymptom = (symptoms: readonly SymptomEntry[]) =>
  new Set(symptoms.map((s) => s.name)).size !== symptoms.length;
