import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';

const run = promisify(execFile);
const t = useTestApp();

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
}

describe('OpenAPI description under Redocly', () => {
  it('has no error under the recommended rules, served as clients fetch it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { stdout } = await run(
      process.execPath,
      [
        'node_modules/@redocly/cli/bin/cli.js',
        'lint',
        `${address}/api/openapi.json`,
        '--extends=recommended',
        '--format=json',
        '--max-problems=1000',
      ],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('gives every operation a summary of its own and a unique operationId', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; operationId?: string }>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(50);
    const summaries = operations.map((operation) => operation.summary ?? '');
    for (const summary of summaries) expect(summary.length).toBeGreaterThan(10);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
