import type { FastifyRequest } from 'fastify';
import { IMPORT_BYTES_MAX } from '@portal/shared/logistics';
import { AppError, badRequest } from './errors.ts';

/*
 * The one way an import receives its spreadsheet: a routes plugin with an import registers
 * @fastify/multipart with IMPORT_UPLOAD_LIMITS (in its own context), and its handler reads the file
 * with uploadedFile.
 */

/** One file, no larger than an import may be, and hardly any other field. */
export const IMPORT_UPLOAD_LIMITS = { throwFileSizeLimit: true, limits: { fileSize: IMPORT_BYTES_MAX, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } } as const;

/** A multipart failure as the client's mistake, never a 500. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'importFileTooLarge', { limit: `${IMPORT_BYTES_MAX / 1024 / 1024} MB` });
  return badRequest('importFileMissing');
}

/** The bytes of the one file in field `file`. */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('importFileMissing');
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}
