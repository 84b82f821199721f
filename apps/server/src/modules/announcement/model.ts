import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES, MERCHANT_AUDIENCES, PLATFORM_AUDIENCES, type AnnouncementAudience, type AnnouncementPriority, type AnnouncementStatus, type AnnouncementType } from '@portal/shared/announcement';

/*
 * The announcements' fixed definitions: the three states and the moves between them, and which audiences
 * each side may address (a platform's announcement reaches tenants; a company's, its own people).
 */

export const DRAFT = 0;
export const PUBLISHED = 1;
export const REVOKED = 2;

/** A draft, or a revoked one, may be edited, published again or deleted; a published one is revoked first. */
export const isPublished = (status: number) => status === PUBLISHED;

export const allowedAudiences = (tenantId: number): readonly AnnouncementAudience[] => (tenantId === PLATFORM_TENANT ? PLATFORM_AUDIENCES : MERCHANT_AUDIENCES);

/** The kind of target rows an audience has (none for ALL). */
export const targetKindOf = (audience: AnnouncementAudience): 'TENANT' | 'DEPART' | 'USER' | null => (audience === 'ALL' ? null : audience);

// the columns are varchars written only by us; anything unexpected reads as the default
export const toPriority = (value: string): AnnouncementPriority => ((ANNOUNCEMENT_PRIORITIES as readonly string[]).includes(value) ? (value as AnnouncementPriority) : 'M');
export const toType = (value: string): AnnouncementType => ((ANNOUNCEMENT_TYPES as readonly string[]).includes(value) ? (value as AnnouncementType) : 'notice');
export const toAudience = (value: string): AnnouncementAudience => (['ALL', 'TENANT', 'DEPART', 'USER'].includes(value) ? (value as AnnouncementAudience) : 'ALL');
export const toStatus = (value: number): AnnouncementStatus => (value === PUBLISHED ? '1' : value === REVOKED ? '2' : '0');
