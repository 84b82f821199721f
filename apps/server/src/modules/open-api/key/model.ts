import { createHash, randomInt } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@portal/shared/open-api';

/*
 * What an API key looks like: "mpk_" and 40 letters and digits (about 238 random bits), so that it is
 * recognisable in a leak, selected whole by a double click, and worth no slow hash: its sha-256 is what
 * the database keeps.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 40;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS}}$`);

export function newApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_CHARS; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + random;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The part of a key shown on screen after it was made. */
export const shownPartOf = (key: string) => key.slice(0, API_KEY_SHOWN_CHARS);

/** The shape of a key, checked before any lookup. */
export const isApiKeyText = (text: string) => KEY_PATTERN.test(text);
