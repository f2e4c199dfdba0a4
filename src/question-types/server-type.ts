import type { z } from 'zod';
import type { Language } from '../shared/constants';
import type { AnswerFields } from '../shared/contracts/answer';
import type { QuestionnaireQuestion } from '../shared/questionnaire';
import type { Doc } from '../server/platform/pdf/pdf-kit';
import type { SaveAnswer } from './registry.shared';

/** A JSON value, as a `jsonb` column holds it. */
export type JsonValue = z.infer<ReturnType<typeof z.json>>;

/**
 * What the server stores of an answer: the value its type makes of it (null for a skipped
 * question), and beside it what the answer refers to outside itself, which the one save
 * statement checks and the database keeps track of: the option it chose (an active option of
 * its question) and the stored file it shows (kept while an answer refers to it).
 */
export interface StoredAnswer {
  value: JsonValue | null;
  optionId: number | null;
  filePath: string | null;
}

/** A question skipped: stored with no value, so the survey knows it was seen. */
export const SKIPPED: StoredAnswer = { value: null, optionId: null, filePath: null };

/** An answer as its readers get it: its API fields (from its value) and when it was saved. */
export type AnswerView = AnswerFields & { id: number; createdAt: Date; updatedAt: Date };

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
  answer: AnswerView;
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

/** The case report's texts a question type's writer prints, in the reader's language. */
export interface AnswerReportLabels {
  noAnswer: string;
  noSelection: string;
  photoMissing: string;
  videoRecorded: string;
  videoMissing: string;
  /** The capture assistant's verdict on a photo or video (issue 31). */
  poseConfirmed: string;
  poseNotConfirmed: string;
  /** With {{yaw}}, {{pitch}} and {{roll}}, in degrees. */
  poseAngles: string;
  /** With {{count}}. */
  painPoints: string;
  /** With {{count}}. */
  symptomsRecorded: string;
  front: string;
  side: string;
  intensities: Record<'light' | 'medium' | 'strong', string>;
}

/**
 * What a question type's case-report writer works with: the document, the reader's language and
 * labels, the page's measures and the way to a photo's bytes. Fonts and colours are the report's.
 */
export interface ReportContext {
  doc: Doc;
  language: Language;
  labels: AnswerReportLabels;
  /** A stored photo's bytes, or null when it cannot be read (missing, unreadable; logged). */
  readMedia(path: string): Promise<Buffer | null>;
  /** Whether a stored file (a video) can be read; logged when not. */
  mediaAvailable(path: string): Promise<boolean>;
}

/**
 * What one question type defines once for the server. `Answer` is the save body read as this
 * type's answer (the built-in types' member of the save contract; a type registered later
 * names its own).
 */
export interface QuestionTypeServer<
  T extends string,
  Answer = Extract<SaveAnswer, { questionType: T }>,
> {
  type: T;
  /**
   * Checks a save body read as this type's answer and returns what is stored: its value, and
   * the option or file it refers to; a body with none of the type's fields is a skipped question.
   */
  toStored(answer: Answer, checks: AnswerChecks): Promise<StoredAnswer>;
  /** This type's cells in the answers CSV. */
  csvCells(item: AnsweredQuestion): CsvAnswerCells;
  /**
   * Writes consecutive answers of this type into the case report (most types one after the
   * other; photos side by side).
   */
  writeReport(run: AnsweredQuestion[], context: ReportContext): Promise<void>;
  /**
   * What the patient's own data export adds to the stored answer for them to read it, in their
   * language (the chosen option's words beside its id); nothing for a type whose answer says it.
   */
  exportFields?(item: AnsweredQuestion, language: Language): Record<string, string | null>;
}
