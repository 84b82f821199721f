import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The TypeScript files under `dir`, at any depth: what the tests that read the server's own sources walk. */
export const sourceFilesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFilesUnder(file) : file.endsWith('.ts') ? [file] : [];
  });
