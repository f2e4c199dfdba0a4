import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Everything under DATA_DIR (the embedded database, media, outbox mails with access codes,
 * generated secrets) is the server user's alone: folders 0700, files 0600.
 */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/** Whatever this process creates from now on is private, whichever code creates it. */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/**
 * Sets the private modes on everything under a folder: installs from before this rule, and the
 * embedded database's template files, which PGlite copies with mode 0666 whatever the umask.
 * A path the process may not change (another owner) is counted, not fatal.
 */
export async function makePrivate(root: string): Promise<{ repaired: number; failed: number }> {
  const result = { repaired: 0, failed: 0 };
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    const wanted = info.isDirectory() ? PRIVATE_FOLDER : PRIVATE_FILE;
    if ((info.mode & 0o777) !== wanted) {
      await chmod(path, wanted).then(
        () => (result.repaired += 1),
        () => (result.failed += 1),
      );
    }
    if (!info.isDirectory()) return;
    for (const name of await readdir(path).catch(() => [] as string[])) {
      await visit(join(path, name));
    }
  };
  await visit(root);
  return result;
}
