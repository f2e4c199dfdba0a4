import type { MediaType } from '../shared/constants';
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
    { mediaPath, mediaType }: { mediaPath?: string | null; mediaType?: MediaType | null },
    checks: AnswerChecks,
  ) => {
    if (!mediaPath && !mediaType) return SKIPPED;
    if (!mediaPath || mediaType !== type) throw invalid('survey.invalidMedia');
    if ((await checks.savableUploadType(mediaPath)) !== type) throw invalid('survey.invalidMedia');
    return { value: { mediaType: type, mediaPath }, optionId: null, filePath: mediaPath };
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
