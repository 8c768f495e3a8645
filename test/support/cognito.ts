import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { stack } from './stack';

const client = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack().urls.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Signs in with USER_PASSWORD_AUTH against the local user pool, as the back office does. */
export async function signIn(
  email: string,
  password: string,
): Promise<{ idToken: string; accessToken: string }> {
  const result = await client().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack().userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    idToken: result.AuthenticationResult!.IdToken!,
    accessToken: result.AuthenticationResult!.AccessToken!,
  };
}

/** A confirmed user who is not in the admin group. */
export async function createPlainUser(email: string, password: string): Promise<void> {
  const cognito = client();
  const UserPoolId = stack().userPoolId;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
  );
}
