import { customer, order, ticket } from '../../functions/lib/entities';
import { addMissingIndexKeys, moveEmailKeyedCustomers } from '../../infra/local/seed';
import { TABLE_INDEXES } from '../../shared/runtime-env';
import { uniqueEmail } from '../support/checkout';
import { getItem, putItem, testDb } from '../support/db';
import { stack } from '../support/stack';

jest.setTimeout(60_000);

/** What a local table written by an older version of the product holds, and what the start-up makes of it. */
describe('local data from before', () => {
  it('moves a customer keyed by e-mail to its opaque key and points its orders at it', async () => {
    const email = uniqueEmail('legacy');
    const at = '2026-02-03T04:05:06.000Z';
    const oldKey = { pk: `CUSTOMER#${email}`, sk: 'PROFILE' };
    await putItem({
      ...oldKey,
      entity: 'customer',
      email,
      name: 'Old Record',
      phone: '5551234567',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      total_orders: 2,
      total_amount: 80,
      first_order_date: at,
      last_order_date: at,
      created_at: at,
      updated_at: at,
      gsi1pk: customer.collectionPartition,
      gsi1sk: `${at}#${email}`,
    });
    const orderId = `CLEG${Date.now().toString(36).slice(-3).toUpperCase()}`;
    await putItem({
      ...order.key(orderId),
      entity: 'order',
      order_id: orderId,
      customer: { firstName: 'Old', lastName: 'Record', email, phone: '5551234567' },
      created_at: at,
      updated_at: at,
      gsi1pk: order.collectionPartition,
      gsi1sk: `${at}#${orderId}`,
      [TABLE_INDEXES.byCustomer.pk]: oldKey.pk,
      [TABLE_INDEXES.byCustomer.sk]: at,
    });

    const db = testDb();
    await moveEmailKeyedCustomers(db, stack().tableName);
    await addMissingIndexKeys(db, stack().tableName);

    expect(await getItem(oldKey)).toBeUndefined();
    const moved = await getItem(customer.key(email));
    expect(moved).toMatchObject({
      id: customer.idOf(email),
      total_orders: 2,
      total_amount: 80,
      ...customer.changeIndex(at, email),
    });
    expect((await getItem(order.key(orderId)))?.[TABLE_INDEXES.byCustomer.pk]).toBe(customer.key(email).pk);
  });

  it('gives a ticket without the changes index its keys, from its own updated_at', async () => {
    const number = `T-LEG${Date.now().toString(36).slice(-3).toUpperCase()}`;
    const at = '2026-03-04T05:06:07.000Z';
    await putItem({
      ...ticket.key(number),
      entity: 'ticket',
      ticket_number: number,
      created_at: at,
      updated_at: at,
      gsi1pk: ticket.collectionPartition,
      gsi1sk: `${at}#${number}`,
    });
    await addMissingIndexKeys(testDb(), stack().tableName);
    expect(await getItem(ticket.key(number))).toMatchObject(ticket.changeIndex(at, number));
  });
});
