import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's baseline cost (19 MiB, 2 passes)
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the user does not exist keeps both answers equally slow. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  return dummyHash;
}
