import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(
  filePath: string,
  code: string,
  rule = 'no-restricted-imports',
): Promise<number> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).length;
}

const DATA_ACCESS = '@typescript-eslint/no-restricted-imports';

describe('server import boundaries (lint fails the build)', { timeout: 30_000 }, () => {
  it('refuses a service importing platform/http', async () => {
    expect(
      await restricted(
        'src/server/modules/answers/example-service.ts',
        "import { value } from '../../platform/http/route-access';",
      ),
    ).toBe(1);
  });

  it('lets a module’s routes use platform/http', async () => {
    expect(
      await restricted(
        'src/server/modules/answers/routes.ts',
        "import { value } from '../../platform/http/route-access';",
      ),
    ).toBe(0);
  });

  it('lets a service throw domain errors', async () => {
    expect(
      await restricted(
        'src/server/modules/answers/example-service.ts',
        "import { value } from '../../platform/errors';",
      ),
    ).toBe(0);
  });

  it('refuses a service querying tables itself: queries live in the repository', async () => {
    const service = 'src/server/modules/answers/example-service.ts';
    expect(
      await restricted(service, "import { eq as value } from 'drizzle-orm';", DATA_ACCESS),
    ).toBe(1);
    expect(
      await restricted(service, "import { answers as value } from './tables';", DATA_ACCESS),
    ).toBe(1);
    expect(
      await restricted(
        'src/server/modules/answers/routes.ts',
        "import { users as value } from '../../schema';",
        DATA_ACCESS,
      ),
    ).toBe(1);
  });

  it('lets the repository query, and a service import row types', async () => {
    expect(
      await restricted(
        'src/server/modules/answers/answers-repository.ts',
        "import { eq as value } from 'drizzle-orm';\nimport { answers } from './tables';\nvoid answers;",
        DATA_ACCESS,
      ),
    ).toBe(0);
    expect(
      await restricted(
        'src/server/modules/answers/example-service.ts',
        "import type { answers as value } from './tables';",
        DATA_ACCESS,
      ),
    ).toBe(0);
  });
});
