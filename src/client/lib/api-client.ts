import type { Upload } from 'tus-js-client';
import type { z } from 'zod';
import { RESUMABLE_PART_BYTES, STORAGE_KEYS } from '../../shared/constants';
import i18n from './i18n';
import { signOutAfter401 } from './auth/session-end';
import { storage } from './storage';

/**
 * The client's one HTTP transport: every call (JSON, file download, media, upload) goes through
 * here, so headers, the signed-in token and error handling are written once.
 */

/** A failed call: the server's message when it sent one (SPEC section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's message key, e.g. "auth.totpRequired", for flows that react to it. */
    readonly code?: string,
    /** The reply's body, for refusals that carry more than a message (ids to act on). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Parses the reply; a reply that does not match is a failure, not a surprise later. */
  schema?: z.ZodType<T>;
  /** Send the bearer token when signed in (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

function requestHeaders(auth = true): Record<string, string> {
  const token = auth ? storage.get(STORAGE_KEYS.authToken) : null;
  return {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'en',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json().catch(() => null);
  return response.text().catch(() => '');
}

export function failureMessage(
  response: Pick<Response, 'status' | 'statusText'>,
  body: unknown,
): string {
  const fromBody =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  if (fromBody) return fromBody;
  const fromStatus = [response.status || '', response.statusText].join(' ').trim();
  return fromStatus || 'Request failed';
}

/**
 * A refused call. The one place that reacts to a 401 of a signed-in call: the session is over
 * (its body says why), so the browser signs out and the paywall says why. A 401 of a call made
 * without a token (a wrong code at sign-in) is the caller's to show.
 */
function failure(
  response: Pick<Response, 'status' | 'statusText'>,
  body: unknown,
  signedIn: boolean,
): ApiError {
  if (response.status === 401 && signedIn) signOutAfter401(body);
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  return new ApiError(failureMessage(response, body), response.status, code, body);
}

const networkFailure = () => new ApiError(i18n.t('common:errors.network'), 0);

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkFailure();
  }
  const signedIn = new Headers(init.headers).has('Authorization');
  if (!response.ok) throw failure(response, await readBody(response), signedIn);
  return response;
}

/** A JSON call. */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, auth = true, signal }: RequestOptions<T> = {},
): Promise<T> {
  const headers = requestHeaders(auth);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data = await readBody(response);
  return schema ? schema.parse(data) : (data as T);
}

/** A signed-in file (PDF, CSV, photo, video) with the name the server gave it. */
export async function apiFile(
  path: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, { headers: requestHeaders(), signal });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/**
 * A multipart upload that reports progress (0..1); XMLHttpRequest because fetch cannot report
 * upload progress.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { schema, onProgress }: { schema: z.ZodType<T>; onProgress?: (fraction: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkFailure());
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* a plain-text reply */
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failure(xhr, body, 'Authorization' in requestHeaders()));
        return;
      }
      const parsed = schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(i18n.t('common:errors.requestFailed'), xhr.status));
    };
    xhr.send(form);
  });
}

/**
 * A refusal that sending the same bytes again cannot change (415 unsupported type, 413 too
 * large, 403, 400 ...). Not the ones another attempt may get past: 401 (the session ended; the
 * recording waits for the patient's next sign-in, as the end of a session decides), 404/410 (the
 * upload expired; the next attempt creates a new one), 408, 409 (the offset moved), 423 (locked)
 * and 429.
 */
export const isLastingRefusal = (status: number) =>
  status >= 400 && status < 500 && ![401, 404, 408, 409, 410, 423, 429].includes(status);

/** Waits before each new attempt after a failure that may pass (network, 5xx). */
const RESUMABLE_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * A resumable upload (tus) with progress (0..1): interrupted, it continues where the server's
 * copy stopped, also after a reload when the same `fingerprint` is uploaded again (the upload's
 * address is kept in local storage until it succeeds). tus-js-client loads only when needed.
 */
export async function apiResumableUpload<T>(
  endpoint: string,
  blob: Blob,
  options: {
    fingerprint: string;
    metadata: Record<string, string>;
    schema: z.ZodType<T>;
    onProgress?: (fraction: number) => void;
    /** A failure that may pass: the next attempt follows by itself, from `accepted` (0..1). */
    onRetrying?: (accepted: number) => void;
    /** The server holds `accepted` (0..1) of an upload being resumed. */
    onResumed?: (accepted: number) => void;
  },
): Promise<T> {
  const tus = await import('tus-js-client').catch(() => {
    throw networkFailure();
  });
  return new Promise<T>((resolve, reject) => {
    // What the server confirmed: sent bytes may have been lost with the connection.
    let accepted = 0;
    const upload = new tus.Upload(blob, {
      endpoint,
      chunkSize: RESUMABLE_PART_BYTES,
      retryDelays: RESUMABLE_RETRY_DELAYS,
      metadata: options.metadata,
      headers: requestHeaders(),
      fingerprint: () => Promise.resolve(options.fingerprint),
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => options.onProgress?.(total > 0 ? sent / total : 0),
      onChunkComplete: (_part, done, total) => (accepted = total > 0 ? done / total : 0),
      onAfterResponse: (request, response) => {
        // After a cut, HEAD tells how much the server kept: the bar shows that, not zero.
        const offset = Number(response.getHeader('Upload-Offset'));
        if (request.getMethod() === 'HEAD' && Number.isFinite(offset) && blob.size > 0) {
          accepted = offset / blob.size;
          options.onResumed?.(accepted);
        }
      },
      onShouldRetry: (error) => {
        // What the server refused (4xx) stays refused; a changed offset (409) is resumed.
        const status = error.originalResponse?.getStatus() ?? 0;
        const retry = status < 400 || status >= 500 || status === 409 || status === 423;
        if (retry) options.onRetrying?.(accepted);
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        let body: unknown = null;
        try {
          // A finished upload found by HEAD (the last PATCH's reply lost) names it in a header.
          body = JSON.parse(
            lastResponse.getBody() || lastResponse.getHeader('Upload-Result') || '',
          );
        } catch {
          /* not the server's JSON answer */
        }
        const parsed = options.schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(i18n.t('common:errors.requestFailed'), lastResponse.getStatus()));
      },
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        if (!response) {
          reject(networkFailure());
          return;
        }
        let body: unknown = response.getBody();
        try {
          body = JSON.parse(String(body));
        } catch {
          /* a plain-text reply */
        }
        const status = response.getStatus();
        const refused = failure(
          { status, statusText: '' },
          body,
          'Authorization' in requestHeaders(),
        );
        if (!isLastingRefusal(status)) {
          reject(refused);
          return;
        }
        // Refused for good: the upload's address is forgotten, no later visit resumes it.
        void forgetUploadAddresses(upload).finally(() => reject(refused));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    }, reject);
  });
}

/** Removes what tus-js-client keeps in local storage to resume this upload. */
async function forgetUploadAddresses(upload: Upload): Promise<void> {
  const previous = await upload.findPreviousUploads().catch(() => []);
  await Promise.all(
    previous.map((kept) => upload.options.urlStorage?.removeUpload(kept.urlStorageKey)),
  ).catch(() => undefined);
}
