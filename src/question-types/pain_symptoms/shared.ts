import { z } from 'zod';
import { SYMPTOM_FREQUENCIES, SYMPTOM_INTENSITIES, SYMPTOM_TRIGGERS } from '../../shared/constants';
import { singleLine } from '../../shared/contracts/common';
import { SYMPTOM_NAMES, type SymptomName } from '../../shared/symptoms';
import { defineQuestionType } from '../question-type';

export const symptomEntrySchema = z.strictObject({
  id: singleLine().min(1).max(64),
  name: z.enum(SYMPTOM_NAMES as [SymptomName, ...SymptomName[]]),
  frequency: z.enum(SYMPTOM_FREQUENCIES),
  trigger: z.enum(SYMPTOM_TRIGGERS),
  intensity: z.enum(SYMPTOM_INTENSITIES),
});
export type SymptomEntry = z.infer<typeof symptomEntrySchema>;

/** Symptoms with frequency, trigger and intensity, each symptom at most once. */
export const painSymptomsType = defineQuestionType({
  type: 'pain_symptoms',
  answerFields: { symptoms: z.array(symptomEntrySchema).max(SYMPTOM_NAMES.length).nullish() },
  emptyDraft: () => ({ symptoms: [] as SymptomEntry[] }),
  draftFromAnswer: (answer) => ({ symptoms: answer.symptoms ?? [] }),
  isAnswered: (draft) => draft.symptoms.length > 0,
  toSaveFields: (draft) => (draft.symptoms.length > 0 ? { symptoms: draft.symptoms } : {}),
});

/** Whether a symptom is listed twice, which the server refuses. */
export const hasDuplicateSymptom = (symptoms: readonly SymptomEntry[]) =>
  new Set(symptoms.map((s) => s.name)).size !== symptoms.length;
