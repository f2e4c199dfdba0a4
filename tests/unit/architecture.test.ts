import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the project's scripts, without type declarations
import { checkArchitecture } from '../../scripts/check-architecture.mjs';

/**
 * Each rule of the architecture check (run by `npm run lint`), tried with a file that breaks it:
 * the file is written into src/, checked, and removed again.
 */
const written: string[] = [];

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    written.push(path);
  }
  return (await checkArchitecture(Object.keys(files))) as string[];
}

afterEach(async () => {
  await Promise.all(written.splice(0).map((path) => rm(path, { force: true })));
});

const fixture = (folder: string, name = 'zz-architecture-fixture.ts') => `${folder}/${name}`;

describe('the architecture check (npm run lint)', { timeout: 60_000 }, () => {
  it('passes the code as it is', async () => {
    expect(await checkArchitecture()).toEqual([]);
  });

  it('refuses a module reaching into another module past its index.ts', async () => {
    const file = fixture('src/server/modules/answers');
    const found = await violationsOf({
      [file]: "export { findAssessment } from '../assessments/assessments-repository';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^module-through-index: .*zz-architecture/));
  });

  it("refuses a module importing another module's tables outside its tables.ts", async () => {
    const file = fixture('src/server/modules/answers', 'zz-architecture-fixture-repository.ts');
    const found = await violationsOf({
      [file]: "export { assessments } from '../assessments/tables';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^module-through-index: .*zz-architecture/));
  });

  it('refuses two modules that depend on each other', async () => {
    // answers already uses audit (the CSV export is audit-logged); audit using answers closes a cycle.
    const file = fixture('src/server/modules/audit');
    const found = await violationsOf({
      [file]: "export { readAnswers } from '../answers';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^module-cycle: .*\banswers\b.*\baudit\b/));
  });

  it('refuses a cycle between two files', async () => {
    const a = fixture('src/server/modules/audit', 'zz-architecture-fixture-a.ts');
    const b = fixture('src/server/modules/audit', 'zz-architecture-fixture-b.ts');
    const found = await violationsOf({
      [a]: "import { b } from './zz-architecture-fixture-b';\nexport const a = () => b;\n",
      [b]: "import { a } from './zz-architecture-fixture-a';\nexport const b = () => a;\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^no-circular: .*zz-architecture-fixture/));
  });

  it('refuses the platform importing a module', async () => {
    const found = await violationsOf({
      [fixture('src/server/platform')]: "export { recordAudit } from '../modules/audit';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^platform-imports-no-module: /));
  });

  it('refuses the browser importing server code', async () => {
    const found = await violationsOf({
      [fixture('src/client/lib', 'zz-architecture-fixture.tsx')]:
        "export { invalid } from '../../server/platform/errors';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^client-imports-no-server: /));
  });

  it('refuses shared code importing a question type’s server registry', async () => {
    const found = await violationsOf({
      [fixture('src/shared')]:
        "export { serverOfType } from '../question-types/registry.server';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^shared-imports-neither: /));
  });

  it('refuses a question type’s browser file importing server modules', async () => {
    const found = await violationsOf({
      [fixture('src/question-types/text', 'ZzArchitectureFixture.tsx')]:
        "export { storeAnswer } from '../../server/modules/answers';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^question-type-browser-no-server: /));
  });

  it('refuses prepared SQL outside a repository', async () => {
    const found = await violationsOf({
      [fixture('src/server/modules/answers', 'zz-architecture-fixture-service.ts')]:
        "export { runPrepared } from '../../platform/db/prepared-statement';\n",
    });
    expect(found).toContainEqual(expect.stringMatching(/^raw-sql-in-repositories: /));
  });

  it("refuses SQL text that reads or writes another module's table", async () => {
    const file = fixture('src/server/modules/answers', 'zz-architecture-fixture-repository.ts');
    const found = await violationsOf({
      [file]: [
        "export const READ = 'SELECT status FROM assessments WHERE id = $1';",
        "export const WRITE = 'UPDATE assessments SET status = $2 WHERE id = $1';",
        '',
      ].join('\n'),
    });
    expect(found).toEqual([
      `${file}: "FROM assessments" is assessments's table`,
      `${file}: "UPDATE assessments" is assessments's table`,
    ]);
  });
});
