import { Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { ORDER_LIST_ATTRIBUTES } from '../../functions/lib/entities.js';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import type { StageConfig } from '../stage-config.js';

export interface DataProps {
  config: StageConfig;
}

/**
 * What the account's administrators may do with the payout key: manage it (describe, rotate, enable and
 * disable, tag, change its policy, schedule its deletion), never use it. No Encrypt, Decrypt, ReEncrypt or
 * GenerateDataKey, and no CreateGrant (a grant would hand them those).
 */
export const PAYOUT_KEY_ADMIN_ACTIONS = [
  'kms:Describe*',
  'kms:List*',
  'kms:Get*',
  'kms:Put*',
  'kms:Update*',
  'kms:Enable*',
  'kms:Disable*',
  'kms:Revoke*',
  'kms:Delete*',
  'kms:CreateAlias',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];

/** The name given to the role of a function that uses the payout key, so the key's policy can name it. */
export const payoutRoleName = (stackName: string, functionKey: string): string =>
  `${stackName}-${functionKey}`.slice(0, 64);

export interface PayoutKeyUsers {
  /** Roles (by name) that may generate data keys: checkout. */
  generate: string[];
  /** Roles (by name) that may decrypt: the reveal route. */
  decrypt: string[];
  /** The operator's role for sealing details stored before the encryption (generate only). */
  sealer: iam.IRole;
}

/** The single table: generic keys, one GSI per access pattern (see docs/data-model.md). */
export class Data extends Construct {
  public readonly table: dynamodb.Table;
  /**
   * The customer-managed key of sellers' payout details (envelope encryption, functions/lib/payout-crypto.ts):
   * only checkout may generate data keys with it and only the reveal route may decrypt (infra/stack.ts grant).
   */
  public readonly payoutKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { config } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: config.removalPolicy,
      deletionProtection: config.deletionProtection,
      // New images feed the e-mail outbox relay (infra/constructs/outbox.ts).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
    });

    // Its policy is set whole by restrictPayoutKey: CDK's default would let every IAM identity of the account
    // with kms:* use it.
    this.payoutKey = new kms.Key(this, 'PayoutKey', {
      description: "Envelope key of sellers' payout details on orders (bank, PayPal, Venmo, wallets)",
      enableKeyRotation: true,
      // Retained in prod like the table: without it the stored details can never be read again.
      removalPolicy: config.removalPolicy,
    });

    for (const index of Object.values(TABLE_INDEXES)) {
      // The orders list's index holds only the list's columns: its cache loads it whole on a cold start.
      const include = index === TABLE_INDEXES.orderList ? [...ORDER_LIST_ATTRIBUTES] : null;
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.pk, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sk, type: dynamodb.AttributeType.STRING },
        ...(include
          ? { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: include }
          : { projectionType: dynamodb.ProjectionType.ALL }),
      });
    }
  }

  /**
   * The payout key's whole policy: administrators manage it, the named roles use it, nobody else. The
   * functions' roles live in nested stacks and need the key's ARN, so the policy names them by ARN in a
   * condition (aws:PrincipalArn) instead of referring to them, which would be a cycle; their IAM grants
   * (infra/stack.ts) are still needed, since the account is the statement's principal.
   */
  restrictPayoutKey(users: PayoutKeyUsers): void {
    const account = new iam.AccountRootPrincipal();
    const roleArns = (names: string[]) =>
      names.map((name) =>
        Stack.of(this).formatArn({ service: 'iam', region: '', resource: 'role', resourceName: name }),
      );
    const policy = new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({
          sid: 'AdministratorsManageNotUse',
          principals: [account],
          actions: PAYOUT_KEY_ADMIN_ACTIONS,
          resources: ['*'],
        }),
        new iam.PolicyStatement({
          sid: 'CheckoutGeneratesDataKeys',
          principals: [account],
          actions: ['kms:GenerateDataKey'],
          resources: ['*'],
          conditions: { ArnEquals: { 'aws:PrincipalArn': roleArns(users.generate) } },
        }),
        new iam.PolicyStatement({
          sid: 'RevealDecrypts',
          principals: [account],
          actions: ['kms:Decrypt'],
          resources: ['*'],
          conditions: { ArnEquals: { 'aws:PrincipalArn': roleArns(users.decrypt) } },
        }),
        new iam.PolicyStatement({
          sid: 'OperatorSealsOldDetails',
          principals: [new iam.ArnPrincipal(users.sealer.roleArn)],
          actions: ['kms:GenerateDataKey'],
          resources: ['*'],
        }),
      ],
    });
    (this.payoutKey.node.defaultChild as kms.CfnKey).keyPolicy = policy;
  }
}
