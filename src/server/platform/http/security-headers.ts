import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Stripe's Payment Element needs its script, frames and API hosts; nothing else is allowed. */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com', 'https://m.stripe.network'];

/** A year, the usual HSTS lifetime; other hosts of the practice's domain are left out of it. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Helmet's headers with a policy that still allows Stripe; HSTS when the site is served over
 * https (PUBLIC_URL). Every API response is `no-store` unless its route says otherwise: nearly
 * all of them carry personal or health data, and none is worth keeping in a shared cache.
 * Register it before any other onRequest hook: a hook that refuses (the access check) skips the
 * hooks after it, and its 401 or 403 must carry the headers like every other reply.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly for the capture assistant's face model, compiled from the product's own file.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", STRIPE_SCRIPT],
        frameSrc: ["'self'", ...STRIPE_FRAMES],
        connectSrc: ["'self'", ...STRIPE_CONNECT],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * The headers helmet sets with these options, worked out once: they do not depend on the
 * request, and helmet's Fastify plugin would parse the whole policy again for every request.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return [...headers];
}
