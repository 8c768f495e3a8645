import { queriedPartition, recordsOf } from '../support/table-access-recorder';

describe('what the recorder makes of a DynamoDB request', () => {
  it('names the item key of single-item calls', () => {
    expect(
      recordsOf('getProduct', 'GetItem', {
        TableName: 't',
        Key: { pk: { S: 'PRODUCT#1' }, sk: { S: 'PRODUCT' } },
      }),
    ).toEqual([{ fn: 'getProduct', action: 'dynamodb:GetItem', table: 't', keys: ['PRODUCT#1'] }]);
    expect(recordsOf('f', 'PutItem', { TableName: 't', Item: { pk: { S: 'ORDER#1' } } })[0].keys).toEqual([
      'ORDER#1',
    ]);
  });

  it("takes a Query's partition from its key condition, on the index's own partition attribute", () => {
    const body = {
      TableName: 't',
      IndexName: 'collection',
      KeyConditionExpression: '#pk = :pk AND gsi1sk > :from',
      ExpressionAttributeNames: { '#pk': 'gsi1pk' },
      ExpressionAttributeValues: { ':pk': { S: 'CATALOGUE' }, ':from': { S: '0' } },
    };
    expect(recordsOf('listProducts', 'Query', body)).toEqual([
      { fn: 'listProducts', action: 'dynamodb:Query', table: 't', index: 'collection', keys: ['CATALOGUE'] },
    ]);
    expect(
      queriedPartition({
        TableName: 't',
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': { S: 'STATS#DAILY' }, ':s': { S: '2026' } },
      }),
    ).toEqual(['STATS#DAILY']);
  });

  it('splits a transaction into the item actions IAM checks, and keeps a batch as one call over all its keys', () => {
    const transaction = {
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: { S: 'ORDER#1' } } } },
        { Update: { TableName: 't', Key: { pk: { S: 'STATS' } } } },
        { Delete: { TableName: 't', Key: { pk: { S: 'PRODUCTID#7' } } } },
        { ConditionCheck: { TableName: 't', Key: { pk: { S: 'PRODUCT#2' } } } },
      ],
    };
    expect(recordsOf('f', 'TransactWriteItems', transaction).map((r) => [r.action, r.keys])).toEqual([
      ['dynamodb:PutItem', ['ORDER#1']],
      ['dynamodb:UpdateItem', ['STATS']],
      ['dynamodb:DeleteItem', ['PRODUCTID#7']],
      ['dynamodb:ConditionCheckItem', ['PRODUCT#2']],
    ]);
    const batch = { RequestItems: { t: { Keys: [{ pk: { S: 'PRODUCT#1' } }, { pk: { S: 'PRODUCT#2' } }] } } };
    expect(recordsOf('f', 'BatchGetItem', batch)).toEqual([
      { fn: 'f', action: 'dynamodb:BatchGetItem', table: 't', keys: ['PRODUCT#1', 'PRODUCT#2'] },
    ]);
    const writes = {
      RequestItems: {
        t: [{ PutRequest: { Item: { pk: { S: 'A#1' } } } }, { DeleteRequest: { Key: { pk: { S: 'B#2' } } } }],
      },
    };
    expect(recordsOf('f', 'BatchWriteItem', writes)[0].keys).toEqual(['A#1', 'B#2']);
  });

  it('records a Scan with no key, so the check refuses it wherever a LeadingKeys condition was meant to bound it', () => {
    expect(recordsOf('f', 'Scan', { TableName: 't' })).toEqual([
      { fn: 'f', action: 'dynamodb:Scan', table: 't', keys: [] },
    ]);
  });
});
