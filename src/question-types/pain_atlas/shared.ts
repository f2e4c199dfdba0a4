import { z } from 'zod';
import { PAIN_POINT_INTENSITIES } from '../../shared/constants';
import { singleLine } from '../../shared/contracts/common';
import { defineQuestionType } from '../question-type';

export const MAX_PAIN_POINTS = 100;

export const painPointSchema = z.strictObject({
  id: singleLine().min(1).max(64),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  intensity: z.enum(PAIN_POINT_INTENSITIES),
});
export type PainPoint = z.infer<typeof painPointSchema>;

/** Points marked on the body diagram, each with its intensity; sent when there is one at least. */
export const painAtlasType = defineQuestionType({
  type: 'pain_atlas',
  answerFields: { painPoints: z.array(painPointSchema).max(MAX_PAIN_POINTS).nullish() },
  emptyDraft: () => ({ painPoints: [] as PainPoint[] }),
  draftFromAnswer: (answer) => ({ painPoints: answer.painPoints ?? [] }),
  isAnswered: (draft) => draft.painPoints.length > 0,
  toSaveFields: (draft) => (draft.painPoints.length > 0 ? { painPoints: draft.painPoints } : {}),
});
