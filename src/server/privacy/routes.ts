import { eq } from 'drizzle-orm';
import { idParamsSchema } from '../../shared/contracts/common';
import {
  erasePatientBodySchema,
  erasureResultSchema,
  privacyNoticeSchema,
} from '../../shared/contracts/privacy';
import { recordAudit } from '../audit/audit-log';
import { users } from '../db/schema';
import { AppError, badRequest, conflict } from '../http/app-error';
import type { AppInstance } from '../http/app-instance';
import { requireAuth } from '../http/route-access';
import { erasePatient } from './erase';
import { patientExportZip } from './patient-export';

export async function privacyRoutes(app: AppInstance): Promise<void> {
  app.get('/api/privacy-notice', {
    config: { access: 'public' },
    schema: { response: { 200: privacyNoticeSchema } },
    handler: async () => app.deps.privacyNotice,
  });

  app.get('/api/me/export.zip', {
    config: { access: 'user' },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const zip = await patientExportZip(app.deps, auth.accessCodeId);
      await recordAudit(app.deps.db, auth, {
        action: 'patient.export',
        patientUserId: auth.userId,
        accessCodeId: auth.accessCodeId,
        detail: 'self',
      });
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="my-assessment-data.zip"')
        .header('cache-control', 'no-store')
        .send(zip);
    },
  });

  app.delete('/api/admin/patients/:id', {
    config: { access: 'admin' },
    schema: {
      params: idParamsSchema,
      body: erasePatientBodySchema,
      response: { 200: erasureResultSchema },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const [patient] = await app.deps.db
        .select({ email: users.email, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, request.params.id));
      if (!patient) throw new AppError(404, 'privacy.patientNotFound');
      if (patient.isAdmin) throw conflict('privacy.cannotEraseAdmin');
      if (patient.email !== request.body.confirmEmail.toLowerCase()) {
        throw badRequest('privacy.confirmMismatch');
      }
      const result = await erasePatient(app.deps, request.params.id, 'request', auth.userId);
      if (!result) throw new AppError(404, 'privacy.patientNotFound');
      await recordAudit(app.deps.db, auth, {
        action: 'patient.erase',
        patientUserId: request.params.id,
        detail: `${result.mediaFilesRemoved} media files`,
      });
      return result;
    },
  });
}
