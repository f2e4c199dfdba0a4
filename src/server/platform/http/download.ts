import type { FastifyReply } from 'fastify';

/** A file the browser saves rather than shows; never cached, since each holds patient data. */
export function sendDownload(
  reply: FastifyReply,
  file: { type: string; filename: string; body: unknown },
) {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
