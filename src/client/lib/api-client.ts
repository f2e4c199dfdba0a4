import type { z } from 'zod';
import { STORAGE_KEYS } from '../../shared/constants';
import i18n from '../i18n';
import { storage } from './storage';

/** A failed call: the server's message when it sent one (SPEC section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's message key, e.g. "auth.totpRequired", for flows that react to it. */
    readonly code?: string,
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

export function authHeaders(): Record<string, string> {
  const token = storage.get(STORAGE_KEYS.authToken);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json().catch(() => null);
  return response.text().catch(() => '');
}

export function failureMessage(response: Response, body: unknown): string {
  const fromBody =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  if (fromBody) return fromBody;
  const fromStatus = [response.status || '', response.statusText].join(' ').trim();
  return fromStatus || 'Request failed';
}

export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, auth = true, signal }: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'en',
    ...(auth ? authHeaders() : {}),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(i18n.t('common:errors.network'), 0);
  }
  const data = await readBody(response);
  if (!response.ok) {
    const code =
      data && typeof data === 'object' && 'code' in data && typeof data.code === 'string'
        ? data.code
        : undefined;
    throw new ApiError(failureMessage(response, data), response.status, code);
  }
  return schema ? schema.parse(data) : (data as T);
}
