import { apiFile } from './api-client';

/** Fetches a signed-in download (PDF, CSV) and hands it to the browser as a file. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiFile(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
