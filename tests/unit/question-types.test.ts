import { describe, expect, it } from 'vitest';
import {
  QUESTION_TYPE_REGISTRY,
  answerForType,
  draftFromAnswer,
  emptyAnswerDraft,
  isDraftAnswered,
  saveAnswerSchema,
  toSaveBody,
} from '../../src/question-types/registry.shared';
import i18n from '../../src/client/lib/i18n';
import { ANSWER_VIEWS } from '../../src/question-types/registry.admin';
import { ADMIN_TYPE_NAMES } from '../../src/question-types/registry.admin-names';
import { SURVEY_PARTS } from '../../src/question-types/registry.survey';
import { QUESTION_TYPES } from '../../src/shared/constants';

describe('question-type registry', () => {
  it('defines every question type once, under its own id', () => {
    expect(Object.keys(QUESTION_TYPE_REGISTRY).sort()).toEqual([...QUESTION_TYPES].sort());
    for (const type of QUESTION_TYPES) expect(QUESTION_TYPE_REGISTRY[type].type).toBe(type);
  });

  it('reads a save body as the answer of the question’s type, dropping other types’ fields', () => {
    const body = { questionId: 7, answerText: ' hi ', optionId: 3, painPoints: [] };
    expect(answerForType('multiple_choice', body)).toEqual({
      questionType: 'multiple_choice',
      optionId: 3,
    });
    expect(answerForType('text', body)).toEqual({ questionType: 'text', answerText: ' hi ' });
    expect(saveAnswerSchema.safeParse({ questionType: 'audio' }).success).toBe(false);
  });

  it('counts a draft as answered by its type’s rule only', () => {
    const draft = { ...emptyAnswerDraft(), answerText: 'note', optionId: 2 };
    expect(isDraftAnswered('multiple_choice', draft)).toBe(true);
    expect(isDraftAnswered('photo', draft)).toBe(false);
    expect(isDraftAnswered('text', { ...draft, answerText: '  ' })).toBe(false);
    expect(isDraftAnswered('pain_atlas', draft)).toBe(false);
  });

  it('sends a text question’s text even when empty, other types only what they hold', () => {
    expect(toSaveBody(7, 'text', emptyAnswerDraft())).toEqual({ questionId: 7, answerText: '' });
    expect(toSaveBody(7, 'video', { ...emptyAnswerDraft(), mediaType: 'video' })).toEqual({
      questionId: 7,
    });
    expect(toSaveBody(7, 'multiple_choice', { ...emptyAnswerDraft(), optionId: 0 })).toEqual({
      questionId: 7,
    });
    expect(toSaveBody(7, 'pain_atlas', emptyAnswerDraft())).toEqual({ questionId: 7 });
  });

  it('sends media with both type and path, an option when positive (SPEC section 5)', () => {
    const photo = { ...emptyAnswerDraft(), mediaType: 'photo' as const, mediaPath: 'media/x.jpg' };
    expect(toSaveBody(7, 'photo', photo)).toEqual({
      questionId: 7,
      mediaType: 'photo',
      mediaPath: 'media/x.jpg',
    });
    expect(toSaveBody(7, 'multiple_choice', { ...emptyAnswerDraft(), optionId: 3 })).toEqual({
      questionId: 7,
      optionId: 3,
    });
  });

  it('turns a stored answer back into a draft', () => {
    const stored = {
      answerText: null,
      optionId: null,
      mediaType: 'photo' as const,
      mediaPath: 'media/x.jpg',
      painPoints: null,
      symptoms: null,
      value: { mediaType: 'photo', mediaPath: 'media/x.jpg' },
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(draftFromAnswer('photo', stored)).toEqual({
      ...emptyAnswerDraft(),
      mediaType: 'photo',
      mediaPath: 'media/x.jpg',
    });
    expect(draftFromAnswer('photo', undefined)).toEqual(emptyAnswerDraft());
  });
});

describe('question-type registry in the browser', () => {
  const names = (lng: 'en' | 'de', key: (type: (typeof QUESTION_TYPES)[number]) => string) =>
    QUESTION_TYPES.map((type) => i18n.t(key(type), { lng }));

  it('gives every type a survey input and an answer view', async () => {
    for (const type of QUESTION_TYPES) {
      // The input's code loads when the survey needs it: what loads is a component.
      expect((await SURVEY_PARTS[type].load()).default, type).toBeTypeOf('function');
      expect(ANSWER_VIEWS[type], type).toBeTypeOf('function');
    }
  });

  it('names every type from its own folder, for patients and for admins, in both languages', () => {
    const survey = (type: (typeof QUESTION_TYPES)[number]) => SURVEY_PARTS[type].label;
    const admin = (type: (typeof QUESTION_TYPES)[number]) => ADMIN_TYPE_NAMES[type];
    expect(QUESTION_TYPES).toEqual([
      'text',
      'multiple_choice',
      'photo',
      'video',
      'pain_atlas',
      'pain_symptoms',
    ]);
    expect(names('en', survey)).toEqual([
      'Text',
      'Multiple choice',
      'Photo',
      'Video',
      'Pain map',
      'Symptoms',
    ]);
    expect(names('de', survey)).toEqual([
      'Text',
      'Auswahl',
      'Foto',
      'Video',
      'Schmerzkarte',
      'Beschwerden',
    ]);
    expect(names('en', admin)).toEqual([
      'Text',
      'Multiple choice',
      'Photo',
      'Video',
      'Pain atlas',
      'Symptoms',
    ]);
    expect(names('de', admin)).toEqual([
      'Text',
      'Auswahl',
      'Foto',
      'Video',
      'Schmerzatlas',
      'Beschwerden',
    ]);
  });
});
