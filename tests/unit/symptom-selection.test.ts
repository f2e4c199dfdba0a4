import { describe, expect, it } from 'vitest';
import {
  emptyAnswerDraft,
  isDraftAnswered,
  isDraftUnfinished,
  toSaveBody,
} from '../../src/question-types/registry.shared';
import {
  EMPTY_SELECTION,
  entryOf,
  isStarted,
  type Selection,
} from '../../src/question-types/pain_symptoms/selection';
import type { SymptomEntry } from '../../src/question-types/pain_symptoms/shared';

const entry: SymptomEntry = {
  id: 'a',
  name: 'headaches',
  frequency: 'weekly',
  trigger: 'stress',
  intensity: 'stark',
};
const { name, frequency, trigger, intensity } = entry;
const chosen: Selection = { name, frequency, trigger, intensity };

describe('a complaint the patient enters step by step', () => {
  it('becomes a list entry only once all four steps are chosen', () => {
    expect(entryOf(chosen, 'a')).toEqual(entry);
    expect(entryOf({ ...chosen, intensity: '' }, 'a')).toBeNull();
    expect(entryOf(EMPTY_SELECTION, 'a')).toBeNull();
  });

  it('counts as started from its first step, and an edit once it differs from its entry', () => {
    expect(isStarted(EMPTY_SELECTION, undefined)).toBe(false);
    expect(isStarted({ ...EMPTY_SELECTION, name: 'headaches' }, undefined)).toBe(true);
    expect(isStarted(chosen, entry)).toBe(false);
    expect(isStarted({ ...chosen, intensity: 'leicht' }, entry)).toBe(true);
  });

  it('keeps the survey on the question while started, and is never sent', () => {
    const draft = { ...emptyAnswerDraft(), symptomStarted: true };
    expect(isDraftUnfinished('pain_symptoms', draft)).toBe(true);
    expect(isDraftUnfinished('pain_symptoms', emptyAnswerDraft())).toBe(false);
    expect(isDraftUnfinished('text', draft)).toBe(false);
    expect(isDraftAnswered('pain_symptoms', draft)).toBe(false);
    expect(toSaveBody(7, 'pain_symptoms', draft)).toEqual({ questionId: 7 });
  });
});
