import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A plain load balancer on loopback: each request goes to the next instance in turn, with no
 * affinity (what nginx, HAProxy or a cloud balancer does by default). A request to an instance
 * that does not answer gets 502, and the instance is skipped for the next seconds (nginx's
 * default max_fails=1 fail_timeout=10s); the client retries.
 */
export async function startRoundRobinProxy(initial: string[]) {
  let targets = [...initial];
  let next = 0;
  const downUntil = new Map<string, number>();
  const pick = () => {
    for (let tries = 0; tries < targets.length; tries++) {
      const target = targets[next++ % targets.length]!;
      if ((downUntil.get(target) ?? 0) <= Date.now()) return target;
    }
    return targets[next++ % targets.length]!;
  };
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const chosen = pick();
    const target = new URL(chosen);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // A fresh connection each time: no request rides on a socket bound to one instance.
        agent: false,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        reply.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      downUntil.set(chosen, Date.now() + 10_000);
      req.unpipe(upstream);
      // The rest of the body is read away, so the client gets to read the reply.
      req.resume();
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { connection: 'close' }).end();
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The instances behind it from now on (one replaced after a restart, say). */
    setTargets(list: string[]) {
      targets = [...list];
      downUntil.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
