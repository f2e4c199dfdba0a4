import { z } from 'zod';
import { painPointSchema, type PainPoint } from '../../shared/contracts/answer';
import { defineQuestionType } from '../question-type';

export type { PainPoint };

export const MAX_PAIN_POINTS = 100;

/** Points marked on the body diagram, each with its intensity; sent when there is one at least. */
export const painAtlasType = defineQuestionType({
  type: 'pain_atlas',
  answerFields: { painPoints: z.array(painPointSchema).max(MAX_PAIN_POINTS).nullish() },
  emptyDraft: () => ({ painPoints: [] as PainPoint[] }),
  draftFromAnswer: (answer) => ({ painPoints: answer.painPoints ?? [] }),
  isAnswered: (draft) => draft.painPoints.length > 0,
  toSaveFields: (draft) => (draft.painPoints.length > 0 ? { painPoints: draft.painPoints } : {}),
});
