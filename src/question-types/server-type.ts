import type { QuestionType } from '../shared/constants';
import type { Answer } from '../shared/contracts/survey';
import type { AnswerRow } from '../server/modules/answers/answers-repository';
import type { QuestionnaireQuestion } from '../server/modules/questionnaire/questionnaire';
import type { ReportContext } from '../server/modules/review/report-kit';
import type { SaveAnswer } from './registry.shared';

/** What the server stores of an answer: only the fields of its question's type are set. */
export type StoredAnswer = Omit<Answer, 'updatedAt'>;

export const EMPTY_ANSWER: StoredAnswer = {
  answerText: null,
  optionId: null,
  mediaType: null,
  mediaPath: null,
  painPoints: null,
  symptoms: null,
};

/** The database checks an answer may need; the answers module provides them. */
export interface AnswerChecks {
  /** Whether the option is an active option of the question answered. */
  isActiveOption(optionId: number): Promise<boolean>;
  /** The type of an upload of this patient's that this answer may refer to, or null. */
  savableUploadType(mediaPath: string): Promise<'photo' | 'video' | null>;
}

/** An answer with its question, as every reader of answers gets it. */
export interface AnsweredQuestion {
  assessmentId: number;
  question: QuestionnaireQuestion;
  answer: AnswerRow;
}

/** The answer columns of the answers CSV; a type fills those its answer uses. */
export type CsvAnswerCells = Partial<
  Record<
    | 'answer_text'
    | 'option_text'
    | 'option_score'
    | 'media_type'
    | 'media_path'
    | 'pain_points'
    | 'symptoms',
    string | number | object | null
  >
>;

/** What one question type defines once for the server. */
export interface QuestionTypeServer<T extends QuestionType> {
  type: T;
  /**
   * Checks a save body read as this type's answer and returns what is stored; a body with none
   * of the type's fields is a skipped question and stores the empty answer.
   */
  toStored(
    answer: Extract<SaveAnswer, { questionType: T }>,
    checks: AnswerChecks,
  ): Promise<StoredAnswer>;
  /** This type's cells in the answers CSV. */
  csvCells(item: AnsweredQuestion): CsvAnswerCells;
  /**
   * Writes consecutive answers of this type into the case report (most types one after the
   * other; photos side by side).
   */
  writeReport(run: AnsweredQuestion[], context: ReportContext): Promise<void>;
}
