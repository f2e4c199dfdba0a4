import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { z } from 'zod';
import { textAnswerValue, UPSERT_SQL } from './bare-save';

/**
 * The save baseline: the least a Node server must do to save an answer. Bare Fastify, a jose
 * HS256 check of the bearer token, a Zod parse of the body and the one upsert the product's save
 * ends in, through a `pg` pool (BARE_DATABASE_URL) or PGlite (BARE_PGLITE_DIR). Started as its
 * own process by the save-answer section, exactly like the real server.
 */

const bodySchema = z.object({
  questionId: z.number().int().positive(),
  answerText: z.string().max(5000),
});
const claimsSchema = z.object({ sub: z.string(), acid: z.number().int() });

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.BARE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.BARE_POOL_SIZE ?? 20),
    });
    return { query: (sql, params) => pool.query(sql, params), close: () => pool.end() };
  }
  const lite = new PGlite(process.env.BARE_PGLITE_DIR);
  await lite.waitReady;
  return { query: (sql, params) => lite.query(sql, params), close: () => lite.close() };
}

async function main() {
  const key = new TextEncoder().encode(process.env.JWT_SECRET);
  const database = await openQuery();
  const app = Fastify();
  app.get('/ready', () => ({ ok: true }));
  app.post('/api/survey/responses', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return reply.code(401).send({ message: 'no token' });
    let claims: z.infer<typeof claimsSchema>;
    try {
      claims = claimsSchema.parse((await jwtVerify(token, key, { algorithms: ['HS256'] })).payload);
    } catch {
      return reply.code(401).send({ message: 'bad token' });
    }
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: 'bad body' });
    await database.query(UPSERT_SQL, [
      Number(claims.sub),
      claims.acid,
      body.data.questionId,
      textAnswerValue(body.data.answerText),
    ]);
    return { ok: true };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
