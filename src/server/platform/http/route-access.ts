import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isSessionEnded,
  type AuthContext,
  type SessionClaims,
  type SessionEnded,
} from '../auth-context';
import { forbidden, sessionEnded } from '../errors';

/** Who may call a route. Every /api route must declare one; /api/admin routes must say admin. */
export type { AuthContext };

export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A "user" route whose one statement checks the session's token versions itself (the
     * answer save): the hook only verifies the signature and leaves `request.claims`, saving
     * the lookup a round trip. Such a route must refuse when its statement finds the session
     * revoked, and reads `requireClaims`, never `requireAuth`.
     */
    checksSessionItself?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    claims: SessionClaims | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access rule; tests walk it. */
    routeAccessTable: { method: string; url: string; access: RouteAccess }[];
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The signed-in user of a route whose access is "user" or "admin". */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw sessionEnded({ ended: 'signed_out' });
  return request.auth;
}

/** The signed claims of a route that checks the session itself (`checksSessionItself`). */
export function requireClaims(request: FastifyRequest): SessionClaims {
  if (!request.claims) throw sessionEnded({ ended: 'signed_out' });
  return request.claims;
}

/** What a bearer token proves, or why it proves nothing (any more). */
export interface TokenReaders {
  /** The session confirmed against the database (the access module decides). */
  authenticate: (token: string) => Promise<AuthContext | SessionEnded>;
  /** The signed claims only, for routes that confirm the session in their own statement. */
  readClaims: (token: string) => Promise<SessionClaims | SessionEnded>;
}

/**
 * Enforces access rules once for the whole API: a route without a declared rule cannot even be
 * registered, and every request is checked before its handler runs.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  { authenticate, readClaims }: TokenReaders,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('claims', null);
  const table: FastifyInstance['routeAccessTable'] = [];
  app.decorate('routeAccessTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    if (route.url.startsWith('/api/admin') && access !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} is under /api/admin but not admin-only`);
    }
    if (route.config?.checksSessionItself && access !== 'user') {
      throw new Error(
        `Route ${route.method} ${route.url} may check the session itself only as "user"`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (!token) {
      if (access === 'public') return;
      throw sessionEnded({ ended: 'signed_out' });
    }
    if (access === 'user' && request.routeOptions.config.checksSessionItself) {
      const claims = await readClaims(token);
      if (isSessionEnded(claims)) throw sessionEnded(claims);
      request.claims = claims;
      return;
    }
    const auth = await authenticate(token);
    if (isSessionEnded(auth)) {
      if (access === 'public') return;
      throw sessionEnded(auth);
    }
    request.auth = auth;
    if (access === 'admin' && !request.auth.isAdmin) throw forbidden();
  });
}
