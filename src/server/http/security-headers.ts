import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Stripe's Payment Element needs its script, frames and API hosts; nothing else is allowed. */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com', 'https://m.stripe.network'];

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", STRIPE_SCRIPT],
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
    hsts: false,
  });
}
