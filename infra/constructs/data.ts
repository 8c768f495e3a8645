import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { ORDER_LIST_ATTRIBUTES } from '../../functions/lib/entities.js';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import type { StageConfig } from '../stage-config.js';

export interface DataProps {
  config: StageConfig;
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
}
