import type { MediaType } from '../../shared/constants';
import type {
  PainPoint,
  SaveResponseBody,
  SurveyQuestion,
  SymptomEntry,
} from '../../shared/contracts/survey';

/** What the patient has entered for one question, before and after saving. */
export interface AnswerDraft {
  answerText: string;
  optionId: number | null;
  mediaType: MediaType | null;
  mediaPath: string | null;
  painPoints: PainPoint[];
  symptoms: SymptomEntry[];
}

export const emptyDraft = (): AnswerDraft => ({
  answerText: '',
  optionId: null,
  mediaType: null,
  mediaPath: null,
  painPoints: [],
  symptoms: [],
});

export function draftFromQuestion(question: SurveyQuestion): AnswerDraft {
  const answer = question.answer;
  if (!answer) return emptyDraft();
  return {
    answerText: answer.answerText ?? '',
    optionId: answer.optionId,
    mediaType: answer.mediaType,
    mediaPath: answer.mediaPath,
    painPoints: answer.painPoints ?? [],
    symptoms: answer.symptoms ?? [],
  };
}

/**
 * The body sent for a question (SPEC section 5 "Answer sending"): text only when non-blank,
 * except that a text question always sends its text; an option only when positive; media only
 * with type and path; pain points and symptoms only when the list is not empty.
 */
export function toSaveBody(question: SurveyQuestion, draft: AnswerDraft): SaveResponseBody {
  const body: SaveResponseBody = { questionId: question.id };
  if (question.questionType === 'text' || draft.answerText.trim()) {
    body.answerText = draft.answerText;
  }
  if (draft.optionId !== null && draft.optionId > 0) body.optionId = draft.optionId;
  if (draft.mediaType && draft.mediaPath) {
    body.mediaType = draft.mediaType;
    body.mediaPath = draft.mediaPath;
  }
  if (draft.painPoints.length > 0) body.painPoints = draft.painPoints;
  if (draft.symptoms.length > 0) body.symptoms = draft.symptoms;
  return body;
}

export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
