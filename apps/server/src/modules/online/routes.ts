import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkRuleRoutes } from './check-rule/routes.ts';
import { dataSetRoutes } from './data-set/routes.ts';
import { formRowRoutes } from './form-row/routes.ts';
import { onlineFormRoutes } from './form/routes.ts';
import { onlineHistoryRoutes } from './history/routes.ts';
import { onlinePublishRoutes } from './publish/routes.ts';
import { reportDesignRoutes } from './report/routes.ts';
import { reportRunRoutes } from './report/run-routes.ts';
import { publishedReportNeeds } from './report/service.ts';

/** Online development: reports (designer and runtime), forms (designer and rows), history, publishing, check rules. */
export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  // a published report's entry is shown to those who may read its data set only
  app.accessService.registerEntryNeeds(publishedReportNeeds);
  await app.register(dataSetRoutes);
  await app.register(reportDesignRoutes);
  await app.register(reportRunRoutes);
  await app.register(onlineFormRoutes);
  await app.register(formRowRoutes);
  await app.register(onlineHistoryRoutes);
  await app.register(onlinePublishRoutes);
  await app.register(checkRuleRoutes);
};
