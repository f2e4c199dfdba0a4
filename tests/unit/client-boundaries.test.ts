import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundary problems ESLint reports for a file with these imports at that place. */
async function crossings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/client-boundaries')
    .map((message) => message.message);
}

/** The one-transport problems ESLint reports for this code at that place. */
async function directCalls(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/client-transport')
    .map((message) => message.message);
}

describe(
  'client import boundaries (lint fails the build on a crossing)',
  { timeout: 30_000 },
  () => {
    it('refuses a feature importing another feature', async () => {
      const found = await crossings(
        'src/client/features/survey/Example.ts',
        "import { value } from '../paywall/api';",
      );
      expect(found).toEqual([expect.stringContaining('src/client/features/paywall/api')]);
    });

    it('refuses a crossing however deep the relative path is', async () => {
      const found = await crossings(
        'src/client/features/patients/parts/Example.ts',
        "import { value } from '../../review/api';",
      );
      expect(found).toHaveLength(1);
    });

    it('refuses a feature importing the app shell', async () => {
      const found = await crossings(
        'src/client/features/audit/Example.ts',
        "import { value } from '../../app/AppRoutes';",
      );
      expect(found).toHaveLength(1);
    });

    it('refuses lib and question-types importing a feature', async () => {
      expect(
        await crossings(
          'src/client/lib/Example.ts',
          "import { value } from '../features/survey/api';",
        ),
      ).toHaveLength(1);
      expect(
        await crossings(
          'src/question-types/text/Example.ts',
          "import { value } from '../../client/features/survey/api';",
        ),
      ).toHaveLength(1);
    });

    it('lets a feature import its own folder, lib, shared and question-types', async () => {
      const found = await crossings(
        'src/client/features/survey/Example.ts',
        [
          "import { value } from './api';",
          "import { value as a } from '../../lib/api-client';",
          "import { value as b } from '../../../shared/constants';",
          "import { value as c } from '../../../question-types/registry.client';",
          'export const more = [a, b, c];',
        ].join('\n'),
      );
      expect(found).toEqual([]);
    });
  },
);

describe(
  'one client transport (lint fails the build on a direct call)',
  { timeout: 30_000 },
  () => {
    it('refuses fetch, XMLHttpRequest and sendBeacon outside api-client', async () => {
      expect(
        await directCalls(
          'src/client/features/review/Example.ts',
          "export const load = () => fetch('/api/admin/review');",
        ),
      ).toEqual([expect.stringContaining('fetch')]);
      expect(
        await directCalls(
          'src/question-types/media-capture/Example.ts',
          'export const upload = () => new XMLHttpRequest();',
        ),
      ).toHaveLength(1);
      expect(
        await directCalls(
          'src/client/lib/Example.ts',
          "export const send = () => window.fetch('/api/me') && navigator.sendBeacon('/api/x');",
        ),
      ).toEqual([
        expect.stringContaining('window.fetch'),
        expect.stringContaining('navigator.sendBeacon'),
      ]);
    });

    it('lets api-client use fetch, and other files use what they declare themselves', async () => {
      expect(
        await directCalls(
          'src/client/lib/api-client.ts',
          "export const send = () => fetch('/api/health');",
        ),
      ).toEqual([]);
      expect(
        await directCalls(
          'src/client/features/survey/Example.ts',
          [
            'const fetch = (n: number) => n;',
            'export const query = { refetch: () => fetch(1) };',
          ].join('\n'),
        ),
      ).toEqual([]);
    });
  },
);
