import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag spells the partition and region in a finding about `scope`: as the pseudo parameters in a
 * region-agnostic stack, as literals in a stack bound to a region (prod is, for CloudFront's WAF).
 */
export function nagPseudo(scope: IConstruct): { partition: string; region: string } {
  const { partition, region } = Stack.of(scope);
  return {
    partition: Token.isUnresolved(partition) ? '<AWS::Partition>' : partition,
    region: Token.isUnresolved(region) ? '<AWS::Region>' : region,
  };
}
