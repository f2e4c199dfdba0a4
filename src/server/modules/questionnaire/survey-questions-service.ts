import type { Language } from '../../../shared/constants';
import type { Answer, SurveyQuestion } from '../../../shared/contracts/survey';
import { stepLabel } from '../../../shared/step-label';
import type { DbOrTx } from '../../platform/db/client';
import type { AnswerRow } from '../answers/answers-repository';
import { readSurvey } from '../answers/answers-read';
import { overlayOfQuestion, textIn } from './questionnaire';

export function toAnswer(row: AnswerRow): Answer {
  return {
    answerText: row.answerText,
    optionId: row.optionId,
    mediaType: row.mediaType,
    mediaPath: row.mediaPath,
    painPoints: row.painPoints,
    symptoms: row.symptoms,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active questions in order, in the patient's language, with their saved answers. */
export async function listSurveyQuestions(
  db: DbOrTx,
  input: { assessmentId: number; language: Language },
): Promise<SurveyQuestion[]> {
  const survey = await readSurvey(db, input.assessmentId);
  return survey.map(({ question, answer }) => {
    const text = textIn(question.text, input.language);
    return {
      id: question.id,
      text,
      questionType: question.type,
      stepLabel: stepLabel(text),
      overlay: overlayOfQuestion(question),
      required: question.required,
      maxRecordingSeconds: question.type === 'video' ? question.maxRecordingSeconds : null,
      options: question.options
        .filter((option) => option.isActive)
        .map((option) => ({ id: option.id, text: textIn(option.text, input.language) })),
      ...(answer ? { answer: toAnswer(answer) } : {}),
    };
  });
}
