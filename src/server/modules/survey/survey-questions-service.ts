import type { Language } from '../../../shared/constants';
import type { Answer, SurveyQuestion } from '../../../shared/contracts/survey';
import { stepLabel } from '../../../shared/step-label';
import type { DbOrTx } from '../../platform/db/client';
import type { AnswerView } from '../../../question-types/server-type';
import { readSurvey } from '../answers';
import { textIn } from '../../../shared/questionnaire';
import { overlayOfQuestion } from '../questionnaire';

/** A stored answer as the survey gets it back (SPEC section 3). */
export function toAnswer({
  id: _id,
  createdAt: _created,
  updatedAt,
  ...fields
}: AnswerView): Answer {
  return { ...fields, updatedAt: updatedAt.toISOString() };
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
