import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets the platform keeps (DESIGN §6): the purchase platforms' app secrets and OAuth tokens, the merchants'
 * webhook signing secrets. AES-256-GCM under a key from the environment, a fresh IV per value, the slot
 * ("TAOBAO:appSecret", "push:42") as associated data so a value copied into another slot does not decrypt.
 * Stored as "v1:" + base64(iv ‖ tag ‖ ciphertext).
 */

const VERSION = 'v1:';

/** PURCHASE_SECRET_KEY: 32 bytes as 64 hex digits or base64; null when it is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** The embedded demo's fixed development key: known to anyone who reads this file, so never for real secrets. */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256').update('merchant-portal embedded demo: purchase platform secrets (not secret)').digest();

export function encryptSecret(key: Buffer, slot: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(slot, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain text, or null when the value was not made with this key for this slot. */
export function decryptSecret(key: Buffer, slot: string, stored: string): string | null {
  if (!stored.startsWith(VERSION)) return null;
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(slot, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
