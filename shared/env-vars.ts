/**
 * Environment variable names a Lambda reads. infra sets them (one place), functions read them, and the local
 * runner passes through what the synthesized template holds, so the three cannot drift.
 *
 * One export each, imported as a namespace (`import * as ENV from '.../env-vars.js'`): a bundle then keeps only
 * the names its function reads, where an object literal would keep every name.
 */
export const stage = 'STAGE';
/**
 * The function's key in the route, worker, schedule, subscriber or stream table (e.g. `listProducts`): every
 * log line names it, and the local stack's DynamoDB access log attributes calls by it.
 */
export const functionKey = 'FUNCTION_KEY';
export const tableName = 'TABLE_NAME';
export const emailQueueUrl = 'EMAIL_QUEUE_URL';
export const smsQueueUrl = 'SMS_QUEUE_URL';
export const labelQueueUrl = 'LABEL_QUEUE_URL';
export const imagesBucket = 'IMAGES_BUCKET';
export const secretId = 'PROVIDER_SECRET_ID';
/** The webhook signing secret (SIGNING_SECRET_KEYS), apart from the provider API keys. */
export const signingSecretId = 'SIGNING_SECRET_ID';
export const siteUrl = 'SITE_URL';
export const emailFrom = 'EMAIL_FROM';
/** The SES configuration set whose event destination reports bounces and complaints (SNS, ses-events). */
export const sesConfigurationSet = 'SES_CONFIGURATION_SET';
/** A worker's own queue, to delay a failed message's next delivery (backoff). */
export const jobQueueUrl = 'JOB_QUEUE_URL';
/** A worker's first retry delay in seconds; each later one doubles it. */
export const jobRetryBaseSeconds = 'JOB_RETRY_BASE_SECONDS';
/** Unset in AWS (the client's default); the local stack points it at its EasyPost test server. */
export const easypostBaseUrl = 'EASYPOST_BASE_URL';
/** Unset in AWS (api.twilio.com); the local stack points it at its Twilio test server's origin. */
export const twilioBaseUrl = 'TWILIO_BASE_URL';
/** The staff user pool and its web client (public ids, for the sign-in configuration). */
export const userPoolId = 'USER_POOL_ID';
export const userPoolClientId = 'USER_POOL_CLIENT_ID';
/** Unset in AWS; the local stack's Cognito endpoint, which the browser must use instead of AWS's. */
export const cognitoEndpoint = 'COGNITO_ENDPOINT';
/** The breach-range service the sign-in form checks a password prefix against. */
export const breachRangeUrl = 'BREACH_RANGE_URL';
/** The sign-in flow the auth configuration names (`USER_SRP_AUTH`; the local runner sets the plain one). */
export const signInFlow = 'SIGN_IN_FLOW';
/** Local stack only: the secret store reads this file instead of Secrets Manager. */
export const localSecretsFile = 'LOCAL_SECRETS_FILE';
/** The customer-managed KMS key of payout details; set only on functions granted `payout:encrypt`/`decrypt`. */
export const payoutKeyArn = 'PAYOUT_KEY_ARN';
/**
 * Local stack only: a file in the data folder holding the 256-bit key that stands in for the KMS key (the
 * runner sets it only where the template sets PAYOUT_KEY_ARN).
 */
export const localPayoutKeyFile = 'LOCAL_PAYOUT_KEY_FILE';
/** Local stack only: the signing secret's file. */
export const localSigningSecretsFile = 'LOCAL_SIGNING_SECRETS_FILE';
/**
 * The ARN of the stage's origin secret, whose values (one, two during a rotation) are the only ones the API
 * accepts in ORIGIN_VERIFY_HEADER (functions/lib/origin-secret.ts). The value itself is never an environment
 * variable.
 */
export const originSecretId = 'ORIGIN_SECRET_ID';
