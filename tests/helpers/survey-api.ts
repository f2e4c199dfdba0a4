import { expect } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import type { AppInstance } from '../../src/server/platform/http/app-instance';
import { postMedia, SAMPLE_BYTES } from './multipart';

type App = Pick<AppInstance, 'inject'>;
type Headers = Record<string, string>;

/** The survey as the patient's session gets it. */
export async function surveyOf(app: App, headers: Headers): Promise<SurveyQuestion[]> {
  const reply = await app.inject({ method: 'GET', url: '/api/survey/questions', headers });
  expect(reply.statusCode).toBe(200);
  return reply.json();
}

/** Saves one answer as the survey does; the reply, whatever it is. */
export function postAnswer(app: App, headers: Headers, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/survey/responses', headers, payload });
}

/** One answer that holds something, as the survey saves it, for a question of any type. */
export function answerBodyFor(question: SurveyQuestion): Record<string, unknown> {
  const base = { questionId: question.id };
  switch (question.questionType) {
    case 'text':
      return { ...base, answerText: `Answer to question ${question.id}` };
    case 'multiple_choice':
      return { ...base, optionId: question.options[0]!.id };
    case 'pain_atlas':
      return { ...base, painPoints: [{ id: 'p1', x: 0.5, y: 0.2, intensity: 'medium' }] };
    case 'pain_symptoms':
      return {
        ...base,
        symptoms: [
          {
            id: 's1',
            name: 'headaches',
            frequency: 'weekly',
            trigger: 'stress',
            intensity: 'mittel',
          },
        ],
      };
    default:
      throw new Error(`${question.questionType} is answered by an upload`);
  }
}

/**
 * Answers the questions chosen (by default the required ones) as a patient would: photos and
 * videos by their upload, which is their answer; the others skipped (saved without an answer).
 */
export async function answerSurvey(
  app: App,
  headers: Headers,
  answer: (question: SurveyQuestion) => boolean = (question) => question.required,
): Promise<SurveyQuestion[]> {
  const survey = await surveyOf(app, headers);
  for (const question of survey) {
    const { questionType: type } = question;
    if (answer(question) && (type === 'photo' || type === 'video')) {
      const data = type === 'photo' ? SAMPLE_BYTES.jpeg() : SAMPLE_BYTES.webm();
      const reply = await postMedia(app, headers, { type, questionId: question.id }, data);
      expect(reply.statusCode).toBe(200);
      continue;
    }
    const payload = answer(question) ? answerBodyFor(question) : { questionId: question.id };
    expect((await postAnswer(app, headers, payload)).statusCode).toBe(200);
  }
  return survey;
}
