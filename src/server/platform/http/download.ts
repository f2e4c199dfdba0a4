import type { FastifyReply } from 'fastify';

/** A file the browser saves rather than shows; never cached, since each holds patient data. */
export function sendDownload(
  reply: FastifyReply,
  file: { type: string; filename: string; body: unknown },
) {
  return (
    reply
      .type(file.type)
      // The plain name for old clients, the UTF-8 one (RFC 6266) for names beyond ASCII.
      .header(
        'content-disposition',
        `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      )
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}
