import type { QuestionType } from '../shared/constants';
import { multipleChoiceServer } from './multiple_choice/server';
import { painAtlasServer } from './pain_atlas/server';
import { painSymptomsServer } from './pain_symptoms/server';
import { photoServer } from './photo/server';
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

/** The server half of a type, for code that holds the type only as a value. */
export const serverOfType = (type: QuestionType) =>
  QUESTION_TYPE_SERVERS[type] as unknown as QuestionTypeServer<QuestionType>;
