import { lazy, type ComponentType } from 'react';
import { lazyThemed, loadThemeRoot } from '../client/lib/mui/lazy-themed';
import type { QuestionType } from '../shared/constants';
import type { AdminAnswer } from '../shared/contracts/admin-patients';
import type { SurveyQuestion } from '../shared/contracts/survey';
import type { QUESTION_TYPE_REGISTRY } from './registry.shared';

/**
 * What one question type shows in the browser (issue 13): its input in the patient's survey and
 * its answer in the admin area. The halves are registered apart (registry.survey.ts,
 * registry.admin.tsx, registry.admin-names.ts) so the survey chunk carries no admin code and the
 * admin chunks no camera.
 */

/** The survey's draft of a type's answer, as the type's shared definition makes it. */
export type DraftOf<T extends QuestionType> = ReturnType<
  (typeof QUESTION_TYPE_REGISTRY)[T]['emptyDraft']
>;

/** What the survey hands the input of a question of type T. */
export interface SurveyInputProps<T extends QuestionType> {
  question: SurveyQuestion & { questionType: T };
  draft: DraftOf<T>;
  onChange(patch: Partial<DraftOf<T>>): void;
  /** True while the question must not be left: an upload or a recording is running. */
  onBusyChange(busy: boolean): void;
  /** The id of the element holding the question text, which names the input. */
  labelledBy: string;
}

/** A type in the patient's survey. */
export interface SurveyPart<T extends QuestionType> {
  /** The i18n key ("namespace:key") of the type's name shown to the patient. */
  label: string;
  /** Loaded on first use: a patient's survey starts with one type's code, not every type's. */
  Input: ComponentType<SurveyInputProps<T>>;
  /** Fetches the input's code (`Input` is made from it), ahead of its first use. */
  load(): Promise<{ default: ComponentType<SurveyInputProps<T>> }>;
}

/**
 * A type's survey part from its name and its input's module (default export): the name at once,
 * the input's code when it is needed. The input is plain HTML and CSS, as the survey's first
 * screen is (docs/architecture.md, "The first screens without MUI").
 */
export function lazySurveyPart<T extends QuestionType>(
  label: string,
  load: SurveyPart<T>['load'],
): SurveyPart<T> {
  return { label, Input: lazy(load), load };
}

/**
 * The same for an input that uses MUI (the camera, the body map, the symptom list): MUI and its
 * theme load with the input and wrap it, so the survey needs MUI only once such a question opens.
 */
export function themedSurveyPart<T extends QuestionType>(
  label: string,
  load: SurveyPart<T>['load'],
): SurveyPart<T> {
  return {
    label,
    Input: lazyThemed(load),
    load: () => Promise.all([load(), loadThemeRoot()]).then(([module]) => module),
  };
}

/** A stored answer shown to an admin: compact in the responses table, full in its dialog. */
export interface AnswerViewProps {
  response: AdminAnswer;
  full: boolean;
}
