import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { multipartBody, SAMPLE_BYTES } from '../helpers/multipart';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import {
  newDataDir,
  removeDataDir,
  runAdminCreate,
  startServer,
  withDataDirDatabase,
  type ServerProcess,
} from '../helpers/server-process';

/** Every path under a folder with its permission bits, e.g. ["outbox/x.eml", 0o644]. */
async function modes(root: string): Promise<[string, number, 'dir' | 'file'][]> {
  const found: [string, number, 'dir' | 'file'][] = [];
  for (const name of await readdir(root, { recursive: true })) {
    const info = await lstat(join(root, name));
    if (info.isSymbolicLink()) continue;
    found.push([name, info.mode & 0o777, info.isDirectory() ? 'dir' : 'file']);
  }
  return found;
}

const notPrivate = (found: Awaited<ReturnType<typeof modes>>) =>
  found
    .filter(([, mode, kind]) => mode !== (kind === 'dir' ? 0o700 : 0o600))
    .map(([name, mode]) => `${name} ${mode.toString(8)}`);

let server: ServerProcess | undefined;
const dataDirs: string[] = [];
afterAll(async () => {
  await server?.stop();
  for (const dir of dataDirs) await removeDataDir(dir);
});

describe('the data directory', () => {
  it('is readable by the server user only: folders 0700, files 0600, old installs repaired', async () => {
    // An install from before this rule: the embedded database as PGlite writes it (files 0666),
    // folders 0755, an outbox mail and a secret readable by everyone.
    const dataDir = await newDataDir();
    dataDirs.push(dataDir);
    await withDataDirDatabase(dataDir, (db) =>
      insertPromoCode(db, { code: 'PERMS100', amountCents: 9900 }),
    );
    await mkdir(join(dataDir, 'outbox'), { recursive: true });
    await writeFile(join(dataDir, 'outbox', 'old.eml'), 'Your access code: ABCD-EFGH');
    await writeFile(join(dataDir, 'media-key'), Buffer.alloc(32, 7).toString('base64'));
    for (const [path, mode] of [
      ['', 0o755],
      ['outbox', 0o755],
      ['outbox/old.eml', 0o644],
      ['media-key', 0o644],
    ] as const) {
      await chmod(join(dataDir, path), mode);
    }
    const before = await modes(dataDir);
    expect(
      before.some(([, mode]) => mode & 0o007),
      'the old install is open to others',
    ).toBe(true);

    server = await startServer({ dataDir });
    // A free checkout writes the access-code mail to the outbox ...
    const paid = await fetch(`${server.baseUrl}/api/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...patientDetails('perms'), couponCode: 'PERMS100' }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const { token } = (await paid.json()) as { token: string };
    await expect.poll(async () => (await server!.outbox()).length).toBeGreaterThan(1);
    // ... and a photo lands in the media store.
    const authorization = `Bearer ${token}`;
    const questions = (await (
      await fetch(`${server.baseUrl}/api/survey/questions`, { headers: { authorization } })
    ).json()) as SurveyQuestion[];
    const photo = questions.find((q) => q.questionType === 'photo')!;
    const form = multipartBody(
      { type: 'photo', questionId: String(photo.id) },
      { name: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: SAMPLE_BYTES.jpeg() },
    );
    const upload = await fetch(`${server.baseUrl}/api/survey/media`, {
      method: 'POST',
      headers: { authorization, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    const after = await modes(dataDir);
    expect(
      after.filter(([name]) => name.startsWith('media/') && name.endsWith('.jpg')),
    ).toHaveLength(1);
    expect(after.filter(([name]) => name.startsWith('db/')).length).toBeGreaterThan(100);
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    expect(notPrivate(after)).toEqual([]);
  });

  it('stays private when admin:create sets it up before the first start', async () => {
    const parent = await newDataDir();
    dataDirs.push(parent);
    const dataDir = join(parent, 'data');
    await runAdminCreate(dataDir, 'perms@practice.example');
    const found = await modes(dataDir);
    expect(found.filter(([name]) => name.startsWith('db/')).length).toBeGreaterThan(100);
    expect(notPrivate(found)).toEqual([]);
  });
});
