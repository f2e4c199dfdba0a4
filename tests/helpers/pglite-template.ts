import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/platform/db/client';

/**
 * An embedded database with every migration applied, made once and copied wherever a test
 * needs a fresh one: creating one (the cluster, then each migration) takes 3 to 7 s, copying
 * it a fraction of that, and each API test file and each browser test's server would
 * otherwise pay it again. Kept under node_modules/.cache, named by the migrations and the
 * PGlite version it was made with, so a new migration or PGlite makes a new one.
 */
const CACHE = resolve('node_modules', '.cache', 'pglite-template');

async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(join('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const folder of ['drizzle', join('drizzle', 'meta')]) {
    for (const file of (await readdir(folder)).sort()) {
      if (/\.(sql|json)$/.test(file)) hash.update(file).update(await readFile(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

interface Template {
  /** The database's folder, as a server's DATA_DIR holds it in `db`. */
  dir: string;
  /** The same database as a PGlite `dumpDataDir` archive, for one in memory. */
  dump: string;
}

/** Makes the template if this checkout has none for its migrations yet. */
async function findOrMakeTemplate(): Promise<Template> {
  const root = join(CACHE, await templateName());
  const paths = { dir: join(root, 'db'), dump: join(root, 'db.tar') };
  if (existsSync(join(root, 'ready'))) return paths;

  await mkdir(CACHE, { recursive: true });
  const building = await mkdtemp(join(CACHE, 'building-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(building, 'db') });
    await database.close();
    const client = new PGlite(join(building, 'db'));
    await client.waitReady;
    const archive = await client.dumpDataDir('none');
    await client.close();
    await writeFile(join(building, 'db.tar'), Buffer.from(await archive.arrayBuffer()));
    await writeFile(join(building, 'ready'), '');
    // Two runs making it at once: the first rename wins, the other's copy is dropped.
    await rename(building, root).catch(() => undefined);
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  if (!existsSync(join(root, 'ready'))) throw new Error(`pglite-template: ${root} was not made`);
  return paths;
}

let template: Promise<Template> | undefined;

/** The template, found or made once per process rather than hashing the migrations per copy. */
export function pgliteTemplate(): Promise<Template> {
  template ??= findOrMakeTemplate();
  return template;
}

let dump: Promise<Blob> | undefined;

/** The migrated template as an archive an in-memory PGlite starts from (read once per file). */
export function pgliteTemplateDump(): Promise<Blob> {
  dump ??= pgliteTemplate().then(async ({ dump: path }) => new Blob([await readFile(path)]));
  return dump;
}

/** Puts a copy of the migrated template where a server with this DATA_DIR keeps its database. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await cp((await pgliteTemplate()).dir, join(dataDir, 'db'), { recursive: true });
}
