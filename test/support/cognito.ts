import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { stack } from './stack';

/** A client of the local Cognito endpoint, the one the browser uses (`urls.cognito`). */
export const cognitoClient = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack().urls.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const client = cognitoClient;

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

function tokensOf(result: InitiateAuthCommandOutput['AuthenticationResult']): Tokens {
  if (!result?.IdToken || !result.AccessToken) throw new Error('Cognito answered without tokens');
  return {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken ?? '',
  };
}

/** Signs in with USER_PASSWORD_AUTH against the local user pool, as the back office does. */
export async function signIn(email: string, password: string): Promise<Tokens> {
  const result = await startSignIn(email, password);
  return tokensOf(result.AuthenticationResult);
}

/** The first step of a sign-in as Cognito answers it: tokens, or a challenge (NEW_PASSWORD_REQUIRED). */
export function startSignIn(email: string, password: string): Promise<InitiateAuthCommandOutput> {
  return client().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack().userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

/** Answers NEW_PASSWORD_REQUIRED with a new password, as Amplify's confirmSignIn does. */
export async function respondNewPassword(
  username: string,
  session: string,
  newPassword: string,
): Promise<Tokens> {
  const result = await client().send(
    new RespondToAuthChallengeCommand({
      ClientId: stack().userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
    }),
  );
  return tokensOf(result.AuthenticationResult);
}

/** New tokens for a refresh token, with the call Amplify 6.15+ makes (GetTokensFromRefreshToken). */
export async function refreshTokens(
  refreshToken: string,
): Promise<{ idToken: string; accessToken: string; expiresIn?: number; tokenType?: string }> {
  const result = await client().send(
    new GetTokensFromRefreshTokenCommand({ ClientId: stack().userPoolClientId, RefreshToken: refreshToken }),
  );
  const auth = result.AuthenticationResult;
  if (!auth?.IdToken || !auth.AccessToken) throw new Error('Cognito answered without tokens');
  return {
    idToken: auth.IdToken,
    accessToken: auth.AccessToken,
    expiresIn: auth.ExpiresIn,
    tokenType: auth.TokenType,
  };
}

const emailAttributes = (email: string) => [
  { Name: 'email', Value: email },
  { Name: 'email_verified', Value: 'true' },
];

/** A confirmed user who is not in the admin group. */
export async function createPlainUser(email: string, password: string): Promise<void> {
  const cognito = client();
  const UserPoolId = stack().userPoolId;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: emailAttributes(email),
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
  );
}

/** A user as staff create one: a temporary password, changed at the first sign-in (FORCE_CHANGE_PASSWORD). */
export async function createUserWithTemporaryPassword(
  email: string,
  temporaryPassword: string,
): Promise<void> {
  await client().send(
    new AdminCreateUserCommand({
      UserPoolId: stack().userPoolId,
      Username: email,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: emailAttributes(email),
    }),
  );
}

/** A staff member (admin group). With `temporary`, Cognito makes them choose a password at first sign-in. */
export async function createStaff(email: string, password: string, { temporary = false } = {}) {
  const client = cognitoClient();
  const UserPoolId = stack().userPoolId;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      ...(temporary ? { TemporaryPassword: password } : {}),
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  if (!temporary) {
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
    );
  }
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: 'admin' }));
}
