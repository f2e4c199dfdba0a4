import { randomBytes } from 'node:crypto';
import { Agent, request, type OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fakeVideo, WEBM_HEADER } from './fake-video';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with `body` streamed (or none), the reply's text gathered. */
function send(
  url: string,
  options: { method: string; headers: OutgoingHttpHeaders; agent?: Agent },
  body?: Readable,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on('error', reject);
    if (body) pipeline(body, req).catch(reject);
    else req.end();
  });
}

/** A video of `size` bytes (and the WebM header) as one multipart POST /api/survey/media. */
export async function multipartUpload(
  url: string,
  token: string,
  questionId: number,
  size: number,
) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${questionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="bench.webm"\r\n` +
      `Content-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return send(
    url,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    },
    fakeVideo(size, [head, WEBM_HEADER], tail),
  );
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * A video of `size` bytes through the tus protocol as the browser's tus-js-client speaks it: a
 * POST creates the upload, then PATCHes of `partBytes` each (the last one shorter) on one
 * kept-alive connection, each sent once the previous one is acknowledged. Resolves with the
 * last PATCH's reply (200 and the answer's JSON).
 */
export async function resumableUpload(
  baseUrl: string,
  token: string,
  questionId: number,
  size: number,
  partBytes: number,
): Promise<Reply> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  try {
    const created = await send(`${baseUrl}/api/survey/uploads`, {
      method: 'POST',
      agent,
      headers: {
        ...tus,
        'upload-length': String(size),
        'upload-metadata': `questionId ${base64(String(questionId))},filetype ${base64('video/webm')}`,
      },
    });
    const location = created.headers.location;
    if (created.status !== 201 || typeof location !== 'string') return created;
    let reply = created;
    for (let offset = 0; offset < size;) {
      const length = Math.min(partBytes, size - offset);
      // The first part begins with the WebM header, the rest is filler.
      const part = offset === 0 ? fakeVideo(length - WEBM_HEADER.length) : fakeVideo(length, []);
      reply = await send(
        new URL(location, baseUrl).href,
        {
          method: 'PATCH',
          agent,
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(length),
          },
        },
        part,
      );
      if (reply.status !== 204 && reply.status !== 200) return reply;
      offset += length;
    }
    return reply;
  } finally {
    agent.destroy();
  }
}
