import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; the client keeps the token, the database keeps its hash. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
