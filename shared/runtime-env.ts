/**
 * Environment variable names a Lambda reads. infra sets them (one place), functions read them, and the local
 * runner passes through what the synthesized template holds, so the three cannot drift.
 */
export const ENV = {
  stage: 'STAGE',
  tableName: 'TABLE_NAME',
  emailQueueUrl: 'EMAIL_QUEUE_URL',
  smsQueueUrl: 'SMS_QUEUE_URL',
  labelQueueUrl: 'LABEL_QUEUE_URL',
  imagesBucket: 'IMAGES_BUCKET',
  secretId: 'PROVIDER_SECRET_ID',
  siteUrl: 'SITE_URL',
  emailFrom: 'EMAIL_FROM',
  /** Local stack only: the secret store reads this file instead of Secrets Manager. */
  localSecretsFile: 'LOCAL_SECRETS_FILE',
} as const;

/** Table index names, named after what they serve (see docs/data-model.md). */
export const TABLE_INDEXES = {
  collection: { name: 'collection', pk: 'gsi1pk', sk: 'gsi1sk' },
  byStatus: { name: 'byStatus', pk: 'gsi2pk', sk: 'gsi2sk' },
  byCustomer: { name: 'byCustomer', pk: 'gsi3pk', sk: 'gsi3sk' },
} as const;
export const TTL_ATTRIBUTE = 'expiresAt';
