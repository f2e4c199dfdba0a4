import multipart from '@fastify/multipart';
import {
  mediaLinkRequestSchema,
  mediaLinkSchema,
  mediaPathParamsSchema,
  signedMediaQuerySchema,
} from '../../../shared/contracts/admin-patients';
import { mediaUploadResultSchema } from '../../../shared/contracts/survey';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { issueMediaLink, openMedia, openSignedMedia } from './admin-media-service';
import { openOwnMedia } from './patient-media-service';
import { resumableUploadRoutes } from './resumable-upload-routes';
import { uploadMedia } from './upload-service';

/**
 * Photos and videos: streamed in by the patient, streamed out (with byte ranges) to the patient
 * who took them and to the practice.
 */
export async function mediaRoutes(app: AppInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: app.deps.config.mediaMaxBytes, files: 1, fields: 4, parts: 6 },
  });

  // Its own scope: the tus body parser applies to its routes only.
  await app.register(resumableUploadRoutes);

  app.post('/api/survey/media', {
    config: { access: 'user' },
    schema: {
      summary: 'Upload a photo or video as an answer in one request (multipart)',
      response: { 200: mediaUploadResultSchema },
    },
    handler: (request) => {
      const contentLength = Number(request.headers['content-length']);
      return uploadMedia({ ...app.deps, log: request.log }, requireAuth(request), {
        parts: request.parts(),
        contentLength: Number.isSafeInteger(contentLength) ? contentLength : undefined,
      });
    },
  });

  app.get('/api/survey/media/*', {
    config: { access: 'user' },
    schema: {
      summary: "Play back one of the patient's own photos or videos",
      params: mediaPathParamsSchema,
    },
    handler: async (request, reply) => {
      const { userId, assessmentId } = requireAuth(request);
      const media = await openOwnMedia(
        { ...app.deps, log: request.log },
        { userId, assessmentId },
        request.params['*'],
        request.headers.range,
      );
      return reply.code(media.status).headers(media.headers).send(media.body);
    },
  });

  app.get('/api/admin/media/*', {
    config: { access: 'admin' },
    schema: { summary: "View a patient's photo or video", params: mediaPathParamsSchema },
    handler: async (request, reply) => {
      const media = await openMedia(
        { ...app.deps, log: request.log },
        requireAuth(request),
        request.params['*'],
        request.headers.range,
      );
      return reply.code(media.status).headers(media.headers).send(media.body);
    },
  });

  app.post('/api/admin/media-links', {
    config: { access: 'admin' },
    schema: {
      summary: 'Make signed, short-lived links to media files',
      body: mediaLinkRequestSchema,
      response: { 200: mediaLinkSchema },
    },
    handler: (request) =>
      issueMediaLink({ ...app.deps, log: request.log }, requireAuth(request), request.body.path),
  });

  // The signature is the access check: a media element cannot send the bearer token.
  app.get('/api/media/signed/*', {
    config: { access: 'public' },
    schema: {
      summary: 'Play back a media file through a signed link',
      params: mediaPathParamsSchema,
      querystring: signedMediaQuerySchema,
    },
    handler: async (request, reply) => {
      const media = await openSignedMedia(
        { ...app.deps, log: request.log },
        request.params['*'],
        request.query,
        request.headers.range,
      );
      return reply.code(media.status).headers(media.headers).send(media.body);
    },
  });
}
