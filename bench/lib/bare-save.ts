import { spawn } from 'node:child_process';
import { freePort } from '../../tests/helpers/server-process';

/** The one statement a save ends in; the baselines run exactly this. */
export const UPSERT_SQL = `INSERT INTO answers (user_id, assessment_id, question_id, value)
  VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (assessment_id, question_id)
  DO UPDATE SET value = excluded.value, updated_at = now()`;

/** A text answer as the answers table holds it: its type's value, as JSON. */
export const textAnswerValue = (answerText: string) => JSON.stringify({ answerText });

export interface BareServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts a baseline server (bare-save-server.ts unless told) in its own process, as the real
 * server runs (tsx, from source); it answers GET /ready once it listens.
 */
export async function startBareServer(
  env: Record<string, string>,
  script = 'bench/lib/bare-save-server.ts',
): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited early`);
    if (
      await fetch(`${baseUrl}/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
