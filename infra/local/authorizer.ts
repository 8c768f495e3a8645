/**
 * The HTTP API JWT authorizer, locally: verifies a Bearer token against cognito-local's JWKS with `jose`, and
 * checks what API Gateway checks (signature, issuer, audience or client_id, expiry, route scopes).
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { apiGatewayClaims } from './events.js';

export interface JwtAuthorizerConfig {
  /** The issuer tokens must carry, already mapped onto cognito-local. */
  issuer: string;
  audiences: string[];
  /** Where the keys are fetched; may differ from the issuer's host (127.0.0.1 vs localhost). */
  jwksUrl: string;
}

export type AuthorizationResult =
  | { ok: true; claims: Record<string, string>; scopes: string[] | null }
  | { ok: false; status: 401 | 403 };

export class JwtAuthorizer {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly config: JwtAuthorizerConfig) {
    this.jwks = createRemoteJWKSet(new URL(config.jwksUrl), { cooldownDuration: 1000 });
  }

  async authorize(
    authorization: string | undefined,
    routeScopes: readonly string[],
  ): Promise<AuthorizationResult> {
    const token = bearerToken(authorization);
    if (!token) return { ok: false, status: 401 };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks, {
        issuer: this.config.issuer,
        requiredClaims: ['exp'],
      }));
    } catch {
      return { ok: false, status: 401 };
    }
    if (!audienceMatches(payload, this.config.audiences)) return { ok: false, status: 401 };
    const tokenScopes = scopesOf(payload);
    if (routeScopes.length > 0) {
      if (!routeScopes.some((scope) => tokenScopes.includes(scope))) return { ok: false, status: 403 };
    }
    return {
      ok: true,
      claims: apiGatewayClaims(payload),
      scopes: routeScopes.length > 0 ? tokenScopes : null,
    };
  }
}

/** API Gateway takes the header value with or without the `Bearer ` prefix. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const token = authorization.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/** `aud` must name a configured audience; access tokens have no `aud`, so their `client_id` is checked. */
export function audienceMatches(payload: JWTPayload, audiences: readonly string[]): boolean {
  if (audiences.length === 0) return true;
  if (payload.aud !== undefined) {
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    return aud.some((value) => audiences.includes(value));
  }
  const clientId = payload.client_id;
  return typeof clientId === 'string' && audiences.includes(clientId);
}

function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scp ?? payload.scope;
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === 'string') return raw.split(' ').filter(Boolean);
  return [];
}
