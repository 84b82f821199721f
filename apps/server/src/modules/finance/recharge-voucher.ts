import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VOUCHER_MAX_BYTES, VOUCHER_TYPES, type VoucherType } from '@portal/shared/finance';
import { AppError, badRequest } from '../../lib/errors.ts';

/*
 * Bank vouchers: what an upload may be, judged by its bytes (a name or a declared type is the sender's
 * claim), the names it is kept and shown under, and the headers that keep a download from running as
 * a page of ours.
 */

export const VOUCHER_LIMIT_TEXT = `${VOUCHER_MAX_BYTES / 1024 / 1024} MB`;

const startsWith = (content: Buffer, bytes: number[], at = 0) => content.length >= at + bytes.length && bytes.every((byte, index) => content[at + index] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the content's magic bytes show, or null for anything else (an empty file too). */
export function voucherTypeOf(content: Buffer): VoucherType | null {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(content, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** A random name with the extension of the type: what the file is stored and downloaded under. */
export const storedNameOf = (type: VoucherType) => `${randomBytes(16).toString('hex')}.${VOUCHER_TYPES[type]}`;

/** The uploader's name for display only: its last path part, without control characters, at most 200 characters. */
export function displayNameOf(filename: string | undefined, fallback: string): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // characters, not UTF-16 units: a cut never splits a surrogate pair (the column counts characters)
  return Array.from(clean).slice(0, 200).join('') || fallback;
}

/** A multipart failure as the client's mistake, never a 500. */
function uploadError(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'voucherTooLarge', { limit: VOUCHER_LIMIT_TEXT });
  return badRequest('voucherFileMissing');
}

/** The bytes and the name of the one file in form field `file`. */
export async function uploadedVoucher(request: FastifyRequest): Promise<{ content: Buffer; filename: string }> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('voucherFileMissing');
  try {
    return { content: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    throw uploadError(error);
  }
}

/** RFC 5987 value: every byte outside the unreserved set percent-encoded. */
const rfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Sends a voucher for viewing in the browser: its stored type (never sniffed, nosniff), the server's
 * name with the uploader's as the UTF-8 alternative, and a PDF sandboxed (no scripts, no same origin).
 */
export function sendVoucher(reply: FastifyReply, voucher: { storedName: string; originalName: string; mimeType: string; content: Uint8Array }): FastifyReply {
  void reply
    .header('content-type', voucher.mimeType)
    .header('content-disposition', `inline; filename="${voucher.storedName}"; filename*=UTF-8''${rfc5987(voucher.originalName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (voucher.mimeType === 'application/pdf') void reply.header('content-security-policy', 'sandbox');
  return reply.send(Buffer.from(voucher.content));
}
