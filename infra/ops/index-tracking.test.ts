import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { indexTracking } from './index-tracking.js';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const ddb = mockClient(documents);
const now = new Date('2026-11-28T12:00:00.000Z');

beforeEach(() => ddb.reset());

describe('index-tracking', () => {
  it("writes each label's pointer once, page by page; an existing pointer is left as it is", async () => {
    ddb
      .on(ScanCommand)
      .resolvesOnce({
        Items: [{ order_id: 'C111111', tracking_number: '9400abc' }],
        LastEvaluatedKey: { pk: 'x' },
      })
      .resolvesOnce({ Items: [{ order_id: 'C222222', tracking_number: '9400DEF' }] });
    ddb
      .on(PutCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const report = await indexTracking({ documents, tableName: 't', dryRun: false, now, log: () => {} });
    expect(report).toEqual({ labels: 2, written: 1, existing: 1 });
    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts[0]).toEqual({
      TableName: 't',
      Item: { pk: 'TRACKING#9400ABC', sk: 'TRACKING', order_id: 'C111111', created_at: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(ddb.commandCalls(ScanCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({
      ':shipment': 'SHIPMENT',
    });
  });

  it('writes nothing on a dry run', async () => {
    ddb.on(ScanCommand).resolves({ Items: [{ order_id: 'C111111', tracking_number: '9400abc' }] });
    const lines: string[] = [];
    const report = await indexTracking({
      documents,
      tableName: 't',
      dryRun: true,
      now,
      log: (l) => lines.push(l),
    });
    expect(report).toEqual({ labels: 1, written: 1, existing: 0 });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(lines).toEqual(['  would point 9400abc at order C111111']);
  });
});
