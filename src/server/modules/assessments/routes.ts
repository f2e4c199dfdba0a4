import { completionResultSchema } from '../../../shared/contracts/survey';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { completeAssessment } from './completion-service';

/** The assessment's own steps taken by the patient. */
export async function assessmentRoutes(app: AppInstance): Promise<void> {
  app.post('/api/survey/completion-email', {
    config: { access: 'user' },
    schema: { response: { 200: completionResultSchema } },
    handler: (request) => {
      const { userId, assessmentId } = requireAuth(request);
      return completeAssessment(app.deps, { userId, assessmentId });
    },
  });
}
