import { idParamsSchema } from '../../../shared/contracts/common';
import {
  erasePatientBodySchema,
  erasureResultSchema,
  privacyNoticeSchema,
} from '../../../shared/contracts/privacy';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth } from '../../platform/http/route-access';
import { erasePatientOnRequest } from './erase';
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
        filename: 'my-assessment-data.zip',
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
}
