import type { QuestionType } from '../shared/constants';
import { multipleChoiceServer } from './multiple_choice/server';
import { painAtlasServer } from './pain_atlas/server';
import { painSymptomsServer } from './pain_symptoms/server';
import { photoServer } from './photo/server';
import { registerSharedQuestionType } from './registry.shared';
import type { QuestionTypeServer } from './server-type';
import { textServer } from './text/server';
import { videoServer } from './video/server';

/** Every question type's server half (answer rules, CSV cells, case report), by its id. */
export const QUESTION_TYPE_SERVERS: { [T in QuestionType]: QuestionTypeServer<T> } = {
  text: textServer,
  multiple_choice: multipleChoiceServer,
  photo: photoServer,
  video: videoServer,
  pain_atlas: painAtlasServer,
  pain_symptoms: painSymptomsServer,
};

const registered = new Map<string, QuestionTypeServer<QuestionType>>();

/**
 * Adds a question type at run time, both halves (a deployment's own type, or a test's): its
 * answers are then saved, read, exported and printed like a built-in type's. No migration: an
 * answer is one value, checked by the type.
 */
export function registerQuestionType(shared: { type: string }, server: { type: string }): void {
  registerSharedQuestionType(shared);
  registered.set(server.type, server as unknown as QuestionTypeServer<QuestionType>);
}

/** The server half of a type, for code that holds the type only as a value. */
export const serverOfType = (type: QuestionType): QuestionTypeServer<QuestionType> => {
  const server = (QUESTION_TYPE_SERVERS as Record<string, unknown>)[type] ?? registered.get(type);
  if (!server) throw new Error(`Unknown question type ${type}`);
  return server as QuestionTypeServer<QuestionType>;
};
