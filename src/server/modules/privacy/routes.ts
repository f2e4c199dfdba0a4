import { idParamsSchema } from '../../../shared/contracts/common';
import { z } from 'zod';
import {
  assessmentErasureResultSchema,
  eraseAssessmentBodySchema,
  erasePatientBodySchema,
  erasureResultSchema,
  privacyNoticeSchema,
} from '../../../shared/contracts/privacy';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { downloadNames } from '../../platform/i18n/download-names';
import { languageOfHeader } from '../../platform/i18n/messages';
import { requireAuth } from '../../platform/http/route-access';
import { erasePatientOnRequest } from './erase';
import { eraseAssessmentOnRequest, eraseOwnAssessment } from './erase-assessment';
import { patientExportZip } from './patient-export';

export async function privacyRoutes(app: AppInstance): Promise<void> {
  app.get('/api/privacy-notice', {
    config: { access: 'public' },
    schema: {
      summary: 'Read the privacy notice (current version)',
      response: { 200: privacyNoticeSchema },
    },
    handler: async () => app.deps.privacyNotice,
  });

  app.get('/api/me/export.zip', {
    config: { access: 'user' },
    schema: { summary: "Download all of the patient's data (ZIP)" },
    handler: async (request, reply) => {
      const zip = await patientExportZip({ ...app.deps, log: request.log }, requireAuth(request));
      return sendDownload(reply, {
        type: 'application/zip',
        filename: downloadNames.export[languageOfHeader(request.headers['accept-language'])],
        body: zip,
      });
    },
  });

  app.delete('/api/admin/patients/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Erase a patient and all their data',
      params: idParamsSchema,
      body: erasePatientBodySchema,
      response: { 200: erasureResultSchema },
    },
    handler: (request) =>
      erasePatientOnRequest({ ...app.deps, log: request.log }, requireAuth(request), {
        patientId: request.params.id,
        confirmEmail: request.body.confirmEmail,
      }),
  });

  app.post('/api/admin/assessments/:id/erase', {
    config: { access: 'admin' },
    schema: {
      summary: 'Erase one assessment (not others of its e-mail address)',
      params: idParamsSchema,
      body: eraseAssessmentBodySchema,
      response: { 200: assessmentErasureResultSchema },
    },
    handler: (request) =>
      eraseAssessmentOnRequest({ ...app.deps, log: request.log }, requireAuth(request), {
        assessmentId: request.params.id,
        confirmName: request.body.confirmName,
      }),
  });

  // The patient's own erasure: the session's assessment only, never others of the address.
  app.post('/api/me/erase', {
    config: { access: 'user' },
    schema: {
      summary: "Erase the signed-in patient's own assessment",
      body: z.strictObject({}).nullish(),
      response: { 200: assessmentErasureResultSchema },
    },
    handler: (request) =>
      eraseOwnAssessment({ ...app.deps, log: request.log }, requireAuth(request)),
  });
}
