import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../modules/accounts/auth-context';
import { forbidden, unauthenticated } from '../errors';

/** Who may call a route. Every /api route must declare one; /api/admin routes must say admin. */
export type { AuthContext };

export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
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
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Enforces access rules once for the whole API: a route without a declared rule cannot even be
 * registered, and every request is checked before its handler runs.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  /** What a bearer token proves (the accounts module decides); null when it proves nothing. */
  authenticate: (token: string) => Promise<AuthContext | null>,
): void {
  app.decorateRequest('auth', null);
  const table: FastifyInstance['routeAccessTable'] = [];
  app.decorate('routeAccessTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    if (route.url.startsWith('/api/admin') && access !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} is under /api/admin but not admin-only`);
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
      throw unauthenticated();
    }
    const auth = await authenticate(token);
    if (!auth) {
      if (access === 'public') return;
      throw unauthenticated('auth.sessionExpired');
    }
    request.auth = auth;
    if (access === 'admin' && !request.auth.isAdmin) throw forbidden();
  });
}
