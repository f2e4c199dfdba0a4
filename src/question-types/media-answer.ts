import type { MediaType } from '../shared/constants';
import { mediaTypeSchema } from '../shared/contracts/answer';
import {
  captureCheckOf,
  captureCheckSchema,
  type CaptureCheck,
} from '../shared/contracts/capture-check';
import { singleLine } from '../shared/contracts/common';
import { defineQuestionType } from './question-type';

/**
 * A photo or video answer: the path of an upload of the patient's, sent only with its type. The
 * server checks the upload is theirs, of this question's type, and still savable. A photo or video
 * taken with the capture assistant carries its pose check (issue 31).
 */
export function defineMediaType<T extends MediaType>(type: T) {
  return defineQuestionType({
    type,
    answerFields: {
      mediaType: mediaTypeSchema.nullish(),
      mediaPath: singleLine().max(200).nullish(),
      captureCheck: captureCheckSchema.nullish(),
    },
    emptyDraft: () => ({
      mediaType: null as MediaType | null,
      mediaPath: null as string | null,
      captureCheck: null as CaptureCheck | null,
    }),
    draftFromAnswer: (answer) => ({
      mediaType: answer.mediaType,
      mediaPath: answer.mediaPath,
      captureCheck: captureCheckOf(answer.value),
    }),
    isAnswered: (draft) => Boolean(draft.mediaType && draft.mediaPath),
    toSaveFields: (draft) =>
      draft.mediaType && draft.mediaPath
        ? {
            mediaType: draft.mediaType,
            mediaPath: draft.mediaPath,
            ...(draft.captureCheck ? { captureCheck: draft.captureCheck } : {}),
          }
        : {},
  });
}
