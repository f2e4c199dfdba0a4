import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessCode } from '../../src/server/auth/access-codes';
import { createTokenService } from '../../src/server/auth/tokens';
import { users } from '../../src/server/db/schema';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../helpers/server-process';

describe('survey answers survive a killed server', () => {
  it('keeps an answer that was acknowledged, even when the process is killed right after', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const subject = await withDataDirDatabase(dataDir, async (db) => {
      const [user] = await db.insert(users).values({ email: 'durable@example.org' }).returning();
      const { id } = await createAccessCode(db, user!.id);
      return { userId: user!.id, accessCodeId: id };
    });
    const token = await createTokenService(secret, 3600).sign({
      ...subject,
      email: 'durable@example.org',
      language: 'en',
      isAdmin: false,
      tokenVersion: 0,
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const env = { JWT_SECRET: secret };
    try {
      let server = await startServer({ dataDir, env });
      const questions = (await (
        await fetch(`${server.baseUrl}/api/survey/questions`, { headers })
      ).json()) as { id: number; questionType: string; answer?: { answerText: string } }[];
      const text = questions.find((q) => q.questionType === 'text')!;
      const saved = await fetch(`${server.baseUrl}/api/survey/responses`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ questionId: text.id, answerText: 'Clicking jaw since 2019' }),
      });
      expect(saved.status).toBe(200);
      await server.stop('SIGKILL');

      server = await startServer({ dataDir, env });
      const after = (await (
        await fetch(`${server.baseUrl}/api/survey/questions`, { headers })
      ).json()) as typeof questions;
      expect(after.find((q) => q.id === text.id)?.answer?.answerText).toBe(
        'Clicking jaw since 2019',
      );
      await server.stop();
    } finally {
      await removeDataDir(dataDir);
    }
  }, 120_000);
});
