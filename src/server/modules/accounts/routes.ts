import {
  adminProfileBodySchema,
  adminProfileSchema,
} from '../../../shared/contracts/admin-profile';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { readAdminProfile, updateAdminProfile } from './profile';

/** The administrator's own profile: the name and title evaluations are signed with. */
export async function adminProfileRoutes(app: AppInstance): Promise<void> {
  app.get('/api/admin/profile', {
    config: { access: 'admin' },
    schema: {
      summary: 'Read the name the signed-in administrator signs with',
      response: { 200: adminProfileSchema },
    },
    handler: (request) => readAdminProfile(app.deps.db, requireAuth(request)),
  });

  app.put('/api/admin/profile', {
    config: { access: 'admin' },
    schema: {
      summary: 'Change the name the signed-in administrator signs with',
      body: adminProfileBodySchema,
      response: { 200: adminProfileSchema },
    },
    handler: (request) => updateAdminProfile(app.deps.db, requireAuth(request), request.body),
  });
}
