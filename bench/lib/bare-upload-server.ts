import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The upload reference: the least a Node server does to take an upload to disk. Plain
 * `node:http`, the request body written as it arrives into a file in BARE_UPLOAD_DIR through a
 * Node write stream, in 1 MiB writes like the real server's sealed chunks (no multipart parsing,
 * no encryption, no checks), removed once complete. Started as its own process by the upload
 * section, like the real server.
 */
const dir = process.env.BARE_UPLOAD_DIR!;
const WRITE_BYTES = 1024 * 1024;

/** Gathers what the socket delivers (64 KiB at a time) into writes of WRITE_BYTES. */
function gather(): Transform {
  let pieces: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pieces.push(chunk);
      length += chunk.length;
      if (length < WRITE_BYTES) return callback();
      const whole = Buffer.concat(pieces, length);
      pieces = [];
      length = 0;
      callback(null, whole);
    },
    flush(callback) {
      callback(null, Buffer.concat(pieces, length));
    },
  });
}
let uploads = 0;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/ready') {
    response.end('ok');
    return;
  }
  const file = join(dir, `bare-upload-${(uploads += 1)}.bin`);
  pipeline(request, gather(), createWriteStream(file))
    .then(() => rm(file, { force: true }))
    .then(
      () => response.end('{}'),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
