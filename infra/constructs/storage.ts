import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.js';

/** Where order photos live in the images bucket (functions/admin-orders/order-images.ts). */
export const ORDER_PHOTOS_PREFIX = 'images/orders/';
/** Where product images live (functions/admin-products/product-images.ts). */
export const PRODUCT_IMAGES_PREFIX = 'images/products/';
/** Days a replaced or deleted product image is kept (a product edit undone). */
const PRODUCT_IMAGE_VERSION_DAYS = 7;

export interface StorageProps {
  config: StageConfig;
}

/**
 * The private buckets: the site build, the uploaded images, and the access logs of both (and of CloudFront).
 * Nothing is public; CloudFront reads the first two through Origin Access Control.
 */
export class Storage extends Construct {
  public readonly siteBucket: s3.Bucket;
  public readonly imagesBucket: s3.Bucket;
  public readonly logsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const { config } = props;
    const common = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    } satisfies s3.BucketProps;

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      ...common,
      // CloudFront standard logging still delivers through an ACL grant. Not logged itself: cdk-nag accepts a
      // bucket that receives other buckets' access logs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogDays) }],
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      ...common,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      ...common,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/images/',
      // Browsers upload straight to the bucket with URLs a Lambda presigned after checking size and type.
      cors: [
        {
          allowedOrigins: config.uploadOrigins,
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // An order photo is the evidence of what arrived: a deleted or overwritten one stays as a noncurrent
      // version for config.photoVersionDays (functions may delete objects, never versions).
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'order-photo-versions',
          prefix: ORDER_PHOTOS_PREFIX,
          noncurrentVersionExpiration: Duration.days(config.photoVersionDays),
        },
        {
          id: 'product-image-versions',
          prefix: PRODUCT_IMAGES_PREFIX,
          noncurrentVersionExpiration: Duration.days(PRODUCT_IMAGE_VERSION_DAYS),
        },
        // A delete marker left with no versions behind it is removed.
        { id: 'expired-delete-markers', expiredObjectDeleteMarker: true },
      ],
    });
  }
}
