import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants';
import type { SignInMethod } from '../../shared/contracts/auth';
import { hasAdminRights } from '../auth/session';
import { accessCodes, users } from '../db/schema';
import { forbidden, unauthorized } from './app-error';

/** Who may call a route. Every /api route must declare one; /api/admin routes must say admin. */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface AuthContext {
  userId: number;
  email: string;
  language: Language;
  /** Admin rights in this session: the account's flag and a second-factor sign-in. */
  isAdmin: boolean;
  /** The one assessment this session proved: every patient read and write is scoped to it. */
  accessCodeId: number;
  methods: SignInMethod[];
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
    // The account and the assessment are both re-read: either may have been revoked or erased.
    const [session] = payload
      ? await app.deps.db
          .select({
            userId: users.id,
            email: users.email,
            isAdmin: users.isAdmin,
            tokenVersion: users.tokenVersion,
            assessmentTokenVersion: accessCodes.tokenVersion,
            language: accessCodes.language,
          })
          .from(accessCodes)
          .innerJoin(users, eq(users.id, accessCodes.userId))
          .where(and(eq(accessCodes.id, payload.acid), eq(users.id, Number(payload.sub))))
          .limit(1)
      : [];
    if (
      !payload ||
      !session ||
      session.tokenVersion !== payload.tv ||
      session.assessmentTokenVersion !== payload.atv
    ) {
      if (access === 'public') return;
      throw unauthorized('auth.sessionExpired');
    }
    request.auth = {
      userId: session.userId,
      email: session.email,
      language: session.language,
      isAdmin: hasAdminRights(session.isAdmin, payload.amr),
      accessCodeId: payload.acid,
      methods: payload.amr,
    };
    if (access === 'admin' && !request.auth.isAdmin) throw forbidden();
  });
}
