import { ApiError, authHeaders, failureMessage } from './api-client';
import i18n from '../i18n';

/** Fetches a signed-in download (PDF, CSV) and hands it to the browser as a file. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, {
    headers: { ...authHeaders(), 'Accept-Language': i18n.language || 'en' },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(failureMessage(response, body), response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
