import { legalPageParamsSchema, legalPageSchema } from '../../../shared/contracts/legal';
import type { AppInstance } from '../../platform/http/app-instance';

/** The imprint, terms and withdrawal information, public like the privacy notice. */
export async function legalRoutes(app: AppInstance): Promise<void> {
  app.get('/api/legal/:page', {
    config: { access: 'public' },
    schema: {
      summary: 'Read a legal page: imprint, terms or withdrawal information',
      params: legalPageParamsSchema,
      response: { 200: legalPageSchema },
    },
    handler: async (request) => app.deps.legalPages[request.params.page],
  });
}
