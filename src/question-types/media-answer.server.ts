import type { MediaType } from '../shared/constants';
import type { CaptureCheck } from '../shared/contracts/capture-check';
import { invalid } from '../server/platform/errors';
import { SKIPPED, type AnswerChecks, type QuestionTypeServer } from './server-type';

/**
 * A photo or video answer refers to an upload of the patient's own assessment, of the question's
 * type, that may still be saved (see `savableUploadType`).
 */
export function mediaAnswerServer<T extends MediaType>(
  type: T,
  writeReport: QuestionTypeServer<T>['writeReport'],
): QuestionTypeServer<T> {
  const toStored = async (
    {
      mediaPath,
      mediaType,
      captureCheck,
    }: {
      mediaPath?: string | null;
      mediaType?: MediaType | null;
      captureCheck?: CaptureCheck | null;
    },
    checks: AnswerChecks,
  ) => {
    if (!mediaPath && !mediaType) return SKIPPED;
    if (!mediaPath || mediaType !== type) throw invalid('survey.invalidMedia');
    if ((await checks.savableUploadType(mediaPath)) !== type) throw invalid('survey.invalidMedia');
    // The capture assistant's numbers travel with the photo (issue 31); a chosen file has none.
    const value = captureCheck
      ? { mediaType: type, mediaPath, captureCheck }
      : { mediaType: type, mediaPath };
    return { value, optionId: null, filePath: mediaPath };
  };
  return {
    type,
    // Both media types share these save fields; TypeScript cannot narrow the union by a type
    // parameter, so the shared function is given the type's signature.
    toStored: toStored as QuestionTypeServer<T>['toStored'],
    csvCells: ({ answer }) => ({ media_type: answer.mediaType, media_path: answer.mediaPath }),
    writeReport,
  };
}
