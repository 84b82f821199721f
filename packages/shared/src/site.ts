import { z } from 'zod';

/**
 * What the public pages show about the operator (spec §1 "login layout"): GET /api/sys/site. Set by
 * the SITE_* environment variables; an empty filing number is not shown.
 */
export const siteSettingsSchema = z.object({
  companyName: z.string(),
  copyright: z.string(),
  /** ICP filing number (ICP备案号) */
  icp: z.string(),
  /** public-security filing number (公安备案号) */
  psb: z.string(),
  /** the public parcel tracking page: a path of this site or an absolute http(s) URL */
  trackingUrl: z.string(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
