import { z } from 'zod';
import type { SessionClaims } from '../../platform/auth-context';
import { Readable } from 'node:stream';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LockTimeoutError, withSessionLock } from '../../platform/db/session-lock';
import { DomainError, invalid } from '../../platform/errors';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import {
  beginResumableUpload,
  finishResumableUpload,
  ownResumableUpload,
  uploadNotFound,
  type ResumableDeps,
} from './resumable-upload-service';
import { RECORD_FIELD, ResumableUploadStore } from './resumable-upload-store';

export const RESUMABLE_UPLOADS_PATH = '/api/survey/uploads';

/** The session and logger of the Fastify request a tus hook runs for. */
const callers = new WeakMap<Request, { scope: SessionClaims; deps: ResumableDeps }>();

function callerOf(request: Request) {
  const caller = callers.get(request);
  if (!caller) throw new Error('tus request without a caller');
  return caller;
}

/**
 * tus answers a refusal with a status and a plain-text body; the API answers with JSON in the
 * caller's language. The tus errors a client can cause are mapped to messages here; ours
 * (DomainError) pass through; the Fastify error handler replies for both.
 */
function asApiError(error: Error | { status_code: number; body: string }): Error {
  if (error instanceof Error && !('status_code' in error)) return error;
  const status = (error as { status_code: number }).status_code;
  if (status === 413) return new DomainError('too_large', 'survey.mediaTooLarge');
  if (status === 404 || status === 410) return uploadNotFound();
  if (status === 409) return new DomainError('conflict', 'survey.uploadOffsetMismatch');
  if (status === 400 && /aborted/i.test((error as { body: string }).body)) {
    return invalid('survey.uploadInterrupted');
  }
  if (status < 500 || status === 501) return invalid('survey.uploadProtocol');
  return Object.assign(new Error((error as { body: string }).body.trim()), { statusCode: 500 });
}

/** Where an upload stands, for a 409: the offset the client must resume from. */
async function offsetOf(uploads: ResumableUploadStore, id: string | undefined) {
  const row = id ? await uploads.record(id) : undefined;
  return row?.offset;
}

const conflictAt = (offset: number | undefined) =>
  new DomainError(
    'conflict',
    'survey.uploadOffsetMismatch',
    {},
    {},
    undefined,
    offset === undefined ? {} : { 'upload-offset': String(offset), 'tus-resumable': '1.0.0' },
  );

/** The Fastify request as the Web request @tus/server reads; the body is streamed, not parsed. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const streamed = request.headers['content-type'] === 'application/offset+octet-stream';
  return new Request(new URL(request.url, 'http://localhost'), {
    method: request.method,
    headers,
    ...(streamed ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  });
}

/**
 * A PATCH refused before its body was read (a stale offset, a refused kind) leaves the body in
 * the connection, and the next request on it would wait behind it: the connection is closed
 * after the reply instead of reading megabytes nobody needs.
 */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.readableEnded) void reply.header('connection', 'close');
}

/**
 * How long a PATCH waits for another PATCH of the same upload (a retry racing the original) to
 * end; then it is answered 409, and the client asks for the offset and tries again.
 */
const LOCK_WAIT_MS = 20_000;

/**
 * Resumable photo and video uploads (the tus 1.0 protocol, creation extension) under
 * /api/survey/uploads: POST creates, HEAD tells the offset after a cut, PATCH appends. The
 * session's Authorization header is checked like on every route; an upload is visible to the
 * session that created it only. A finished upload answers 200 with the same JSON as
 * POST /api/survey/media. Any instance serves any request (the state is in PostgreSQL, the
 * bytes in the media store); a lock across instances lets one PATCH of an upload run at a time,
 * its finish included, so a repeated PATCH finds the offset it moved to (409 with Upload-Offset),
 * and a HEAD of a finished upload repeats the answer's JSON in Upload-Result.
 */
export async function resumableUploadRoutes(app: AppInstance): Promise<void> {
  const uploads = new ResumableUploadStore({ ...app.deps, log: app.log });
  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: uploads,
    maxSize: app.deps.config.mediaMaxBytes,
    relativeLocation: true,
    // Same origin only: no CORS headers.
    allowedOrigins: [],
    onUploadCreate: async (request, upload) => {
      const { deps, scope } = callerOf(request);
      return { metadata: { [RECORD_FIELD]: await beginResumableUpload(deps, scope, upload) } };
    },
    onIncomingRequest: async (request, id) => {
      // A POST is creating `id`; every other request must be the creator's.
      if (request.method === 'POST') return;
      const { deps, scope } = callerOf(request);
      await ownResumableUpload(deps, scope, id);
    },
    onUploadFinish: async (request, upload) => {
      const { deps, scope } = callerOf(request);
      const result = await finishResumableUpload(deps, scope, upload.id);
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(result),
      };
    },
    onResponseError: (_request, error) => {
      throw asApiError(error);
    },
  });

  // PATCH bodies stay unread until tus streams them into the staging.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const web = webRequest(request);
    callers.set(web, {
      scope: requireAuth(request),
      deps: { ...app.deps, log: request.log, uploads },
    });
    const { id } = request.params as { id?: string };
    const handled = () => tus.handleWeb(web);
    const response = await (
      request.method === 'PATCH' && id
        ? withSessionLock(app.deps.db, `resumable-upload:${id}`, LOCK_WAIT_MS, () =>
            uploads.patch(id, handled),
          )
        : handled()
    ).catch(async (error: unknown) => {
      closeIfUnread(request, reply);
      if (error instanceof LockTimeoutError) throw conflictAt(await offsetOf(uploads, id));
      if (error instanceof DomainError && error.kind === 'conflict') {
        throw conflictAt(await offsetOf(uploads, id));
      }
      throw error;
    });
    closeIfUnread(request, reply);
    const headers = Object.fromEntries(response.headers);
    delete headers['content-length'];
    if (request.method === 'HEAD' && id && headers['upload-offset'] === headers['upload-length']) {
      // Complete: a client whose last reply was lost learns from HEAD what it would have said.
      const result = (await uploads.record(id))?.result;
      if (result) headers['upload-result'] = JSON.stringify(result);
    }
    const body = await response.text();
    // Some refusals (no Tus-Resumable header, say) are answered by tus without any hook.
    if (response.status >= 400 && !response.headers.get('content-type')?.includes('json')) {
      throw asApiError({ status_code: response.status, body });
    }
    return reply
      .code(response.status)
      .headers(headers)
      .send(body || undefined);
  };

  app.post(
    RESUMABLE_UPLOADS_PATH,
    {
      config: { access: 'user' },
      schema: { summary: 'Create a resumable upload of a photo or video (tus)' },
    },
    handle,
  );
  app.route({
    method: ['HEAD', 'PATCH'],
    url: `${RESUMABLE_UPLOADS_PATH}/:id`,
    config: { access: 'user' },
    schema: {
      summary: 'Resume an upload (tus): HEAD tells the offset, PATCH appends the next part',
      // tus names an upload with 16 random bytes in hex; nothing else reaches the database (a NUL
      // in a PostgreSQL text parameter would fail there).
      params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
    },
    handler: handle,
  });
}
