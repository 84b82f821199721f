import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BYTES_MAX } from '@portal/shared/logistics';
import type { MessageKey } from '@portal/shared/messages';
import { AppError, badRequest } from './errors.ts';

/*
 * The one way a route receives a file: its routes plugin accepts uploads with the limits of its kind
 * (`acceptUploads`, in the plugin's own context, so that no other route takes multipart), and its
 * handler reads the file with `uploadedFile`, which answers every multipart failure as the client's
 * mistake in the caller's language: 413 past the size, 400 for anything else.
 */

/** What one kind of upload accepts, and the messages it refuses with. */
export type UploadLimits = {
  /** the size as people read it ("5 MB"): the 413's `limit` and the route's description */
  readonly limitText: string;
  readonly tooLarge: MessageKey;
  readonly missing: MessageKey;
  readonly options: { readonly throwFileSizeLimit: true; readonly limits: { readonly fileSize: number; readonly files: 1; readonly fields: number; readonly parts: number; readonly fieldSize: number; readonly headerPairs: number } };
};

/** One file of at most `maxBytes` in field `file`, and hardly any other field (`fields`, 10 unless told). */
export function uploadLimits(kind: { maxBytes: number; tooLarge: MessageKey; missing: MessageKey; fields?: number }): UploadLimits {
  const fields = kind.fields ?? 10;
  return {
    limitText: `${kind.maxBytes / 1024 / 1024} MB`,
    tooLarge: kind.tooLarge,
    missing: kind.missing,
    options: { throwFileSizeLimit: true, limits: { fileSize: kind.maxBytes, files: 1, fields, parts: fields + 1, fieldSize: 1024, headerPairs: 100 } },
  };
}

/** An import's spreadsheet. */
export const IMPORT_UPLOAD_LIMITS = uploadLimits({ maxBytes: IMPORT_BYTES_MAX, tooLarge: 'importFileTooLarge', missing: 'importFileMissing' });

/** Registers multipart for the routes of this plugin (its own context) with `limits`. */
export async function acceptUploads(app: FastifyInstance, limits: UploadLimits): Promise<void> {
  await app.register(multipart, limits.options);
}

/** A multipart failure as the client's mistake, never a 500. */
function uploadError(error: unknown, limits: UploadLimits): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, limits.tooLarge, { limit: limits.limitText });
  return badRequest(limits.missing);
}

export type UploadedFile = { content: Buffer; filename: string };

/** The bytes and the sender's name of the one file in field `file`. */
export async function uploadedFile(request: FastifyRequest, limits: UploadLimits): Promise<UploadedFile> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(limits.missing);
  try {
    return { content: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    throw uploadError(error, limits);
  }
}
