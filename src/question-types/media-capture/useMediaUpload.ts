import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload } from '../../client/lib/api-client';
import type { MediaType } from '../../shared/constants';
import { mediaUploadResultSchema } from '../../shared/contracts/survey';
import { SURVEY_TEXTS } from './survey-texts';

/** Uploads a capture for a question, with progress and a translated failure to show. */
export function useMediaUpload(
  kind: MediaType,
  questionId: number,
  onUploaded: (mediaPath: string) => void,
) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const upload = useCallback(
    async (blob: Blob, filename: string) => {
      setUploading(true);
      setError(null);
      setProgress(0);
      // Fields first, then the file: the server reads the type before the bytes arrive.
      const form = new FormData();
      form.append('type', kind);
      form.append('questionId', String(questionId));
      form.append('media', blob, filename);
      try {
        const result = await apiUpload('/api/survey/media', form, {
          schema: mediaUploadResultSchema,
          onProgress: setProgress,
        });
        onUploaded(result.mediaPath);
      } catch (failure) {
        const reason = failure instanceof Error && failure.message ? failure.message : '';
        setError(
          t('errors.uploadFailed', {
            reason: reason || t('errors.uploadFailedDefault'),
          }),
        );
      } finally {
        setUploading(false);
      }
    },
    [kind, questionId, onUploaded, t],
  );

  return { uploading, progress, error, upload, clearError: () => setError(null) };
}
