/**
 * The local Cognito endpoint, in front of cognito-local: every call passes through, except where cognito-local
 * differs from Cognito in a way the back office would notice:
 * - `GetTokensFromRefreshToken` (Amplify 6.15+'s only refresh), which it lacks: answered with its
 *   REFRESH_TOKEN_AUTH, in Cognito's shape;
 * - a user who must change the temporary password: it asks for the new one whatever password was sent, and
 *   takes any Session in answer; Cognito checks the temporary password, and takes only its own session, 3 min;
 * - a wrong password or an unknown user: it says which; Cognito, with user existence errors prevented, answers
 *   both 'Incorrect username or password.', so a stranger cannot tell which e-mails are staff accounts.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { decodeJwt } from 'jose';
import {
  forwardRequest,
  listen,
  type NodeEnv,
  parseObject,
  relay,
  streamThrough,
  type Upstream,
} from './http.js';

export interface CognitoProxyOptions {
  port: number;
  /** cognito-local's own origin, e.g. `http://127.0.0.1:40123`. */
  upstream: string;
  /** cognito-local's data folder (`<cwd>/.cognito/db`): `clients.json` and one `<poolId>.json` per pool. */
  dbDir: string;
}

const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const MAX_BODY_BYTES = 1024 * 1024;
/** Cognito's default AuthSessionValidity. */
export const CHALLENGE_SESSION_MS = 3 * 60_000;

/** cognito-local answers every origin (its `cors({ origin: '*' })`); answers made here must too. */
const CORS = { 'access-control-allow-origin': '*' };

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** A JSON-protocol answer as Cognito sends it; an error's body has `__type`, which the SDK reads. */
const amzJson = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { ...headers, ...CORS, 'content-type': AMZ_JSON },
  });
const amzError = (status: number, type: string, message: string) =>
  amzJson(status, { __type: type, message }, { 'x-amzn-errortype': type });

/** The calls answered here; every other streams through to cognito-local. */
const HANDLED = new Set(['GetTokensFromRefreshToken', 'InitiateAuth', 'RespondToAuthChallenge']);
const operationOf = (c: Context) => {
  const target = c.req.header('x-amz-target') ?? '';
  return target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
};

/** An answer of cognito-local's, passed on with the CORS header every answer here carries. */
const relayCors = (answer: Upstream) => relay({ ...answer, headers: { ...answer.headers, ...CORS } });

/** Cognito's one answer to a wrong password and to an unknown user (user existence errors prevented). */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

/** cognito-local's answers that tell a wrong password from an unknown user. */
const EXISTENCE_ERRORS = new Set(['InvalidPasswordException', 'UserNotFoundException']);

/** Whether an answer of cognito-local's to a sign-in says whether the user exists. */
export function revealsWhoExists(answer: Upstream): boolean {
  if (answer.status < 400) return false;
  const body = parseObject(answer.body);
  const type =
    String(body?.__type ?? answer.headers['x-amzn-errortype'] ?? '')
      .split(':')[0]
      .split('#')
      .pop() ?? '';
  return (
    EXISTENCE_ERRORS.has(type) ||
    (type === 'NotAuthorizedException' && body?.message === 'User not authorized')
  );
}

/** The seconds an access token lives, from its own `exp` and `iat` (cognito-local's refresh leaves ExpiresIn out). */
export function tokenLifetime(jwt: string): number | undefined {
  try {
    const { exp, iat } = decodeJwt(jwt);
    return exp !== undefined && iat !== undefined ? exp - iat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The temporary password cognito-local stored for a user of the client's pool, or undefined when it cannot be
 * read (then the proxy does not second-guess cognito-local).
 */
export function storedPassword(dbDir: string, clientId: string, username: string): string | undefined {
  try {
    const clients = JSON.parse(readFileSync(join(dbDir, 'clients.json'), 'utf8')) as {
      Clients?: Record<string, { UserPoolId?: string }>;
    };
    const poolId = clients.Clients?.[clientId]?.UserPoolId;
    if (!poolId || !/^[\w-]+$/.test(poolId)) return undefined;
    const pool = JSON.parse(readFileSync(join(dbDir, `${poolId}.json`), 'utf8')) as {
      Users?: Record<string, { Password?: string }>;
    };
    return pool.Users?.[username]?.Password;
  } catch {
    return undefined;
  }
}

export async function startCognitoProxy(
  options: CognitoProxyOptions,
): Promise<{ close(): Promise<void>; origin: string }> {
  const upstream = new URL(options.upstream);
  /** NEW_PASSWORD_REQUIRED sessions handed out: the names the user may answer with, until when. */
  const sessions = new Map<string, { clientId: string; usernames: string[]; expires: number }>();

  const call = (target: string, payload: unknown): Promise<Upstream> =>
    forward('POST', '/', { 'content-type': AMZ_JSON, 'x-amz-target': `${TARGET_PREFIX}${target}` }, payload);

  const forward = forwardRequest.bind(null, upstream);

  async function refresh(input: Record<string, unknown>): Promise<Response> {
    const clientId = str(input.ClientId);
    const refreshToken = str(input.RefreshToken);
    if (!clientId || !refreshToken)
      return amzError(400, 'InvalidParameterException', 'ClientId and RefreshToken are required');
    const answer = await call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: {
        REFRESH_TOKEN: refreshToken,
        ...(str(input.DeviceKey) ? { DEVICE_KEY: str(input.DeviceKey) } : {}),
      },
      ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
    });
    if (answer.status !== 200) return relayCors(answer);
    const result = (parseObject(answer.body)?.AuthenticationResult ?? {}) as Record<string, unknown>;
    const accessToken = str(result.AccessToken);
    if (!accessToken) return amzError(500, 'InternalErrorException', 'cognito-local issued no token');
    // Cognito's answer: no new refresh token unless rotation is on (it is not here), so Amplify keeps its own.
    return amzJson(200, {
      AuthenticationResult: {
        AccessToken: accessToken,
        IdToken: str(result.IdToken),
        ExpiresIn: tokenLifetime(accessToken) ?? 3600,
        TokenType: 'Bearer',
        ...(str(result.RefreshToken) ? { RefreshToken: str(result.RefreshToken) } : {}),
      },
    });
  }

  async function initiateAuth(c: Context<NodeEnv>, body: Buffer): Promise<Response> {
    const answer = await forward('POST', c.env.incoming.url ?? '/', c.env.incoming.headers, body);
    if (revealsWhoExists(answer)) {
      return amzError(400, 'NotAuthorizedException', INCORRECT_CREDENTIALS);
    }
    const input = parseObject(body);
    const output = answer.status === 200 ? parseObject(answer.body) : undefined;
    if (input?.AuthFlow === 'USER_PASSWORD_AUTH' && output?.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      const params = (input.AuthParameters ?? {}) as Record<string, unknown>;
      const challenge = (output.ChallengeParameters ?? {}) as Record<string, unknown>;
      const username = str(challenge.USER_ID_FOR_SRP) ?? str(params.USERNAME) ?? '';
      const expected = storedPassword(options.dbDir, str(input.ClientId) ?? '', username);
      if (expected !== undefined && expected !== params.PASSWORD)
        return amzError(400, 'NotAuthorizedException', INCORRECT_CREDENTIALS);
      const session = str(output.Session);
      if (session) {
        const now = Date.now();
        for (const [key, value] of sessions) if (value.expires <= now) sessions.delete(key);
        sessions.set(session, {
          clientId: str(input.ClientId) ?? '',
          usernames: [username, str(params.USERNAME) ?? ''].filter(Boolean),
          expires: now + CHALLENGE_SESSION_MS,
        });
      }
    }
    return relay(answer);
  }

  async function respondToChallenge(c: Context<NodeEnv>, body: Buffer): Promise<Response> {
    const { url = '/', headers } = c.env.incoming;
    const input = parseObject(body);
    if (input?.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      const responses = (input.ChallengeResponses ?? {}) as Record<string, unknown>;
      const session = sessions.get(str(input.Session) ?? '');
      const valid =
        session !== undefined &&
        session.expires > Date.now() &&
        session.clientId === input.ClientId &&
        session.usernames.includes(str(responses.USERNAME) ?? '');
      if (!valid)
        return amzError(400, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');
      // One answer per session, as in Cognito.
      const answer = await forward('POST', url, headers, body);
      if (answer.status === 200) sessions.delete(str(input.Session) ?? '');
      return relay(answer);
    }
    return relay(await forward('POST', url, headers, body));
  }

  const app = new Hono<NodeEnv>();
  app.onError((error) =>
    amzError(502, 'InternalErrorException', `cognito-local did not answer: ${error.message}`),
  );
  app.post(
    '*',
    async (c, next) => (HANDLED.has(operationOf(c)) ? next() : streamThrough(c, upstream)),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => amzError(413, 'InvalidParameterException', 'Request body too large'),
    }),
    async (c) => {
      const body = Buffer.from(await c.req.arrayBuffer());
      const operation = operationOf(c);
      if (operation === 'InitiateAuth') return initiateAuth(c, body);
      if (operation === 'RespondToAuthChallenge') return respondToChallenge(c, body);
      const input = parseObject(body);
      if (!input) return amzError(400, 'SerializationException', 'Body is not a JSON object');
      return refresh(input);
    },
  );
  // Everything else, CORS preflights included, streams through untouched.
  app.all('*', (c) => streamThrough(c, upstream));
  return listen(app, { port: options.port, name: 'cognito-local' });
}
