/*
 * The events of the reader's stream (GET /sys/announcement/stream, text/event-stream). No zod here: the main
 * layout follows the stream on every page, and a module that builds schemas brings all of zod with it
 * (announcement.ts holds the schemas and re-exports these).
 */

/** The unread summary: `event: unread`, its data the summary. */
export const ANNOUNCEMENT_STREAM_EVENT = 'unread';
/**
 * The same stream's notices about the session itself: `access` when the reader's rights may have changed (their
 * roles, a role's permissions, a menu, their department or tenant), so that the screen asks for its menu and buttons
 * again; `signed-out` when the session no longer holds (signed out by an administrator, the user frozen or deleted,
 * the tenant frozen or expired), so that the screen leaves at once.
 */
export const SESSION_STREAM_EVENTS = { access: 'access', signedOut: 'signed-out' } as const;
/** A session notice's data: `everyone` when every reader heard the same `access` at once (a menu's or many users' change). */
export type SessionNotice = { everyone?: true };
