import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  completionResultSchema,
  mediaUploadResultSchema,
  surveyQuestionsSchema,
  type MediaUploadResult,
  type SaveResponseBody,
} from '../../shared/contracts/survey';
import type { MediaType } from '../../shared/constants';
import { ApiError, apiRequest, authHeaders, failureMessage } from '../lib/api-client';
import i18n from '../i18n';

/** The survey questions; the language is part of the key, so a language change refetches. */
export function useSurveyQuestions() {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return useQuery({
    queryKey: ['survey', 'questions', language],
    queryFn: ({ signal }) =>
      apiRequest('/api/survey/questions', { schema: surveyQuestionsSchema, signal }),
    staleTime: Infinity,
    // While the other language loads, the current question stays on screen.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}

const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Saves one answer. Saving is an upsert, so a failure of the network or the server is retried
 * once before the patient sees an error.
 */
export async function saveAnswer(body: SaveResponseBody): Promise<void> {
  try {
    await apiRequest('/api/survey/responses', { method: 'POST', body });
  } catch (error) {
    if (!isTransient(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await apiRequest('/api/survey/responses', { method: 'POST', body });
  }
}

export function requestCompletionEmail() {
  return apiRequest('/api/survey/completion-email', {
    method: 'POST',
    schema: completionResultSchema,
  });
}

/**
 * Uploads a capture as multipart form data (fields first, then the file) and reports progress;
 * XMLHttpRequest because fetch cannot report upload progress.
 */
export function uploadMedia(
  input: { blob: Blob; type: MediaType; questionId: number; filename: string },
  onProgress: (fraction: number) => void,
): Promise<MediaUploadResult> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('questionId', String(input.questionId));
  form.append('media', input.blob, input.filename);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/survey/media');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language || 'en');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(i18n.t('common:errors.network'), 0));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* a plain-text reply */
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const response = { status: xhr.status, statusText: xhr.statusText } as Response;
        reject(new ApiError(failureMessage(response, body), xhr.status));
        return;
      }
      const parsed = mediaUploadResultSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(i18n.t('common:errors.requestFailed'), xhr.status));
    };
    xhr.send(form);
  });
}
