import type { Language, QuestionType } from './constants';

/** A text in English (the base) and German (null while untranslated). */
export interface Texts {
  en: string;
  de: string | null;
}

export interface QuestionnaireOption {
  id: number;
  text: Texts;
  sortOrder: number;
  isActive: boolean;
  /** Points of this option in a scored instrument. */
  score: number | null;
}

/** A question as the whole product reads it: texts, options and how the survey shows it. */
export interface QuestionnaireQuestion {
  id: number;
  type: QuestionType;
  text: Texts;
  sortOrder: number;
  isActive: boolean;
  overlay: string | null;
  /** Completing the assessment needs an answer to it. */
  required: boolean;
  /** The longest video a recording for it may take (video questions). */
  maxRecordingSeconds: number;
  /** Marks an item of a scored instrument, e.g. "tmd-pain-screener:1". */
  instrumentItem: string | null;
  options: QuestionnaireOption[];
}

/** The text in the reader's language; English where no translation exists. */
export const textIn = (texts: Texts, language: Language): string =>
  (language === 'de' && texts.de?.trim()) || texts.en;
