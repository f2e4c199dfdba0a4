import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants';
import { users } from '../db/schema';
import { forbidden, unauthorized } from './app-error';

/** Who may call a route. Every /api route must declare one; /api/admin routes must say admin. */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface AuthContext {
  userId: number;
  email: string;
  language: Language;
  isAdmin: boolean;
  tokenVersion: number;
  accessCodeId: number;
}

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
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Enforces access rules once for the whole API: a route without a declared rule cannot even be
 * registered, and every request is checked before its handler runs.
 */
export function registerRouteAccess(app: FastifyInstance): void {
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
      throw unauthorized();
    }
    const payload = await app.deps.tokens.verify(token);
    const userId = Number(payload?.sub);
    const [user] = payload
      ? await app.deps.db
          .select({
            id: users.id,
            email: users.email,
            language: users.language,
            isAdmin: users.isAdmin,
            tokenVersion: users.tokenVersion,
          })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1)
      : [];
    if (!payload || !user || user.tokenVersion !== payload.tv) {
      if (access === 'public') return;
      throw unauthorized('auth.sessionExpired');
    }
    request.auth = {
      userId: user.id,
      email: user.email,
      language: user.language,
      isAdmin: user.isAdmin,
      tokenVersion: user.tokenVersion,
      accessCodeId: payload.acid,
    };
    if (access === 'admin' && !user.isAdmin) throw forbidden();
  });
}
