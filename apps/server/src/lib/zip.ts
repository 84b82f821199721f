import { inflateRawSync } from 'node:zlib';

/*
 * An uploaded .xlsx is a zip archive. Before a spreadsheet library unpacks it whole in memory, this
 * checks that it is one (the PK\x03\x04 signature, not the file name) and that it unpacks to a
 * bounded size: a 5 MB upload can otherwise inflate to gigabytes (a "zip bomb") and take the server
 * down for every tenant. Sizes are measured by inflating with a cap, not read from the archive's
 * headers, which the sender writes.
 */

export type ZipCheck = { ok: true } | { ok: false; reason: 'not-zip' | 'too-large' | 'unsupported' };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

export const startsLikeZip = (data: Buffer): boolean => data.length >= 4 && data.readUInt32LE(0) === LOCAL_HEADER;

/** Where the central directory starts and how many entries it lists; null when there is no end record. */
function centralDirectory(data: Buffer): { offset: number; entries: number } | null {
  // the end record is 22 bytes plus a comment of at most 65,535
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) === END_OF_CENTRAL) return { offset: data.readUInt32LE(at + 16), entries: data.readUInt16LE(at + 10) };
  }
  return null;
}

/**
 * Whether `data` is a zip archive whose entries unpack to at most `maxUnpacked` bytes in all and
 * number at most `maxEntries`. Encrypted entries, ZIP64 and methods other than stored and deflate
 * (none of which Excel writes) are refused.
 */
export function checkZip(data: Buffer, limits: { maxUnpacked: number; maxEntries: number }): ZipCheck {
  if (!startsLikeZip(data)) return { ok: false, reason: 'not-zip' };
  const directory = centralDirectory(data);
  if (!directory) return { ok: false, reason: 'not-zip' };
  if (directory.entries > limits.maxEntries) return { ok: false, reason: 'too-large' };
  let remaining = limits.maxUnpacked;
  let at = directory.offset;
  for (let index = 0; index < directory.entries; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_HEADER) return { ok: false, reason: 'not-zip' };
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const localOffset = data.readUInt32LE(at + 42);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (flags & 0x1 || compressedSize === 0xffffffff || localOffset === 0xffffffff) return { ok: false, reason: 'unsupported' };
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL_HEADER) return { ok: false, reason: 'not-zip' };
    const dataStart = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const packed = data.subarray(dataStart, dataStart + compressedSize);
    if (packed.length !== compressedSize) return { ok: false, reason: 'not-zip' };
    if (method === STORED) {
      remaining -= compressedSize;
    } else if (method === DEFLATED) {
      try {
        // one byte over what is left: inflating more than that fails here, whatever the headers say
        remaining -= inflateRawSync(packed, { maxOutputLength: Math.max(1, remaining + 1) }).length;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? { ok: false, reason: 'too-large' } : { ok: false, reason: 'not-zip' };
      }
    } else {
      return { ok: false, reason: 'unsupported' };
    }
    if (remaining < 0) return { ok: false, reason: 'too-large' };
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true };
}
