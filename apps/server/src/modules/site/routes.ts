import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import { siteSettingsSchema, type SiteSettings } from '@portal/shared/site';
import { SITE_DEFAULTS, siteCopyright, type Config } from '../../config.ts';
import { getQuery } from '../../lib/query.ts';
import { PUBLIC } from '../../plugins/auth.ts';

export type SiteConfig = Partial<Pick<Config, 'SITE_COMPANY_NAME' | 'SITE_COPYRIGHT' | 'SITE_ICP' | 'SITE_PSB' | 'SITE_TRACKING_URL'>>;

/** The settings as the public pages get them; a config without SITE_* (tests) gets the defaults. */
export function siteSettings(config: SiteConfig): SiteSettings {
  const companyName = config.SITE_COMPANY_NAME ?? SITE_DEFAULTS.companyName;
  return {
    companyName,
    copyright: config.SITE_COPYRIGHT || siteCopyright(companyName),
    icp: config.SITE_ICP ?? SITE_DEFAULTS.icp,
    psb: config.SITE_PSB ?? SITE_DEFAULTS.psb,
    trackingUrl: config.SITE_TRACKING_URL ?? SITE_DEFAULTS.trackingUrl,
  };
}

/** What the sign-in, registration and tracking pages show about the operator (spec §1), before anyone signs in. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // read once: the settings only change with a restart
  const settings = siteSettings(app.settings);

  app.get(
    '/sys/site',
    {
      config: PUBLIC,
      schema: {
        tags: ['session'],
        summary: "The operator's public settings: company name, copyright, ICP and public-security filing numbers, tracking page (SITE_* variables)",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(siteSettingsSchema) },
      },
    },
    async (request, reply) => {
      // the same for everyone until a restart: browsers and proxies may keep it a few minutes
      void reply.header('cache-control', 'public, max-age=300');
      return request.ok(settings);
    },
  );
};
