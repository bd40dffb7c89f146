import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { PreviewService } from '../../services/preview.service';

/** Options → Previews: save the settings, make a test preview, generate every missing preview. */
export function previewOptionsRoutes(deps: {
  previews: PreviewService;
  queue: Pick<JobQueue, 'enqueue'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { savePreviewOptions, testPreview, generatePreviews } = apiRoutes;
    app.put(
      savePreviewOptions.path,
      {
        schema: routeSchema(savePreviewOptions, { tags: ['options'], summary: 'Save the preview settings' }),
      },
      async (request) => deps.previews.save(request.body),
    );
    app.post(
      testPreview.path,
      {
        schema: routeSchema(testPreview, {
          tags: ['options'],
          summary: 'Make a test preview; options.previews.previewReady announces it',
        }),
      },
      async (request) => {
        deps.previews.startTest(request.body);
        return null;
      },
    );
    app.get(
      generatePreviews.path,
      {
        schema: routeSchema(generatePreviews, {
          tags: ['tasks'],
          summary: 'Generate the previews of available scenes without one',
        }),
      },
      async () => {
        await deps.queue.enqueue('preview-generate');
        return null;
      },
    );
  };
}
