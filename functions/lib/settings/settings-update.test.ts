import { buildSettingsUpdate, groupsNeedingRepair, parentPaths, settingWrites } from './settings-update';

describe('settings save: the writes', () => {
  it('walks nested groups down to each field sent and leaves credentials out', () => {
    const writes = settingWrites({
      site_name: 'Strips',
      phone_number: null,
      payment_methods: { crypto: { bitcoin: false } },
      shipping: { restrictions: { excludedStates: ['AK'] } },
      easypost_test_api: 'EZTK_secret',
      carrier_id: '',
    });
    expect(writes).toEqual([
      { path: ['site_name'], value: 'Strips' },
      { path: ['phone_number'], value: null },
      { path: ['payment_methods', 'crypto', 'bitcoin'], value: false },
      { path: ['shipping', 'restrictions', 'excludedStates'], value: ['AK'] },
    ]);
    expect(parentPaths(writes)).toEqual([
      ['payment_methods'],
      ['payment_methods', 'crypto'],
      ['shipping'],
      ['shipping', 'restrictions'],
    ]);
  });

  it('builds one UpdateItem: SET per field, stamps, conditions on the parent maps, REMOVE of legacy copies', () => {
    const update = buildSettingsUpdate(
      settingWrites({ use_logo: true, payment_methods: { traditional: { check: false } } }),
      '2026-11-23T10:00:00.000Z',
      ['carrier_id'],
    );
    const names = update.ExpressionAttributeNames;
    const resolve = (expr: string) => expr.replace(/#n\d+/g, (alias) => names[alias]);
    expect(resolve(update.UpdateExpression)).toBe(
      'SET use_logo = :v0, payment_methods.traditional.check = :v1, updated_at = :at, ' +
        'created_at = if_not_exists(created_at, :at), is_primary = :primary REMOVE carrier_id',
    );
    expect(resolve(update.ConditionExpression)).toBe(
      'attribute_exists(pk) AND attribute_type(payment_methods, :map) AND ' +
        'attribute_type(payment_methods.traditional, :map)',
    );
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':v0': true,
      ':v1': false,
      ':at': '2026-11-23T10:00:00.000Z',
      ':map': 'M',
    });
    // Every stored name goes through an alias: reserved words and odd keys cannot break the expression.
    expect(update.UpdateExpression).not.toMatch(/payment_methods|use_logo/);
  });

  it('a save with only credentials still stamps the record', () => {
    const update = buildSettingsUpdate(settingWrites({ easypost_prod_api: 'EZAK' }), 'now');
    expect(update.UpdateExpression).toMatch(/^SET #n\d+ = :at/);
    // No nested write: no map condition, and no unused value (DynamoDB refuses those).
    expect(update.ExpressionAttributeValues).not.toHaveProperty(':map');
    expect(Object.values(update.ExpressionAttributeValues)).not.toContain('EZAK');
  });

  it('finds the groups a nested write cannot reach in a legacy record', () => {
    const writes = settingWrites({
      payment_methods: { crypto: { bitcoin: true } },
      notifications: { email: { newsletter: true } },
      contact: { social: { facebook: null } },
    });
    const stored = {
      payment_methods: { traditional: { check: true } },
      notifications: '{"email":{}}',
      contact: { social: { facebook: 'x' } },
    };
    expect(groupsNeedingRepair(stored, writes)).toEqual(['payment_methods', 'notifications']);
  });
});
