/**
 * How staff change an order: each write is an atomic or conditional update of only the fields it changes
 * (ADD, list_append, SET of one map entry), conditional on what it read, so two staff members' changes never
 * overwrite each other. A lost race (a condition that no longer holds, or a concurrent transaction on the same
 * items) re-reads the order and tries again, a few times, then answers 409.
 */
import {
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { adminOrderMessages } from '../../shared/messages.js';
import { db, tableName } from './db.js';
import { ORDER_TOUCH, type OrderItem, order as orderEntity, touchValues } from './entities.js';
import { AppError } from './errors.js';
import { log } from './log.js';
import { parseJson, type StoredImage, storedImages, storedNotes } from './order-views.js';
import { isLostRace, pause } from './races.js';

export const MAX_WRITE_ATTEMPTS = 5;

/** Soft-deleted orders (deleted_at) are gone for staff too. */
export async function getOrderForStaff(orderId: string): Promise<OrderItem> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: orderEntity.key(orderId), ConsistentRead: true }),
  );
  if (!Item || Item.deleted_at) throw new AppError('not_found', adminOrderMessages.notFound);
  return Item as OrderItem;
}

/**
 * Reads the order and lets `write` make its conditional change from what it read; a lost race reads again.
 * `write` may throw an AppError about the order it read (e.g. 'Image not found'), which is answered as is.
 */
export async function changeOrder<T>(
  orderId: string,
  failMessage: string,
  write: (order: OrderItem) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
    const order = await getOrderForStaff(orderId);
    try {
      return await write(order);
    } catch (error) {
      if (!isLostRace(error)) throw error;
      log('info', 'order write lost a race, reading again', {
        orderId,
        attempt,
        reason: (error as Error).name,
      });
    }
    if (attempt < MAX_WRITE_ATTEMPTS) await pause(attempt);
  }
  throw new AppError('conflict', failMessage);
}

type ListField = 'notes' | 'activity_log' | 'payment_log';

/** A legacy value (JSON text, a plain-string note, null) as the list it stands for. */
function legacyList(field: ListField, value: unknown, fallbackAt: string): unknown[] {
  if (field === 'notes') return storedNotes(value, fallbackAt);
  const parsed = parseJson(value);
  if (Array.isArray(parsed)) return parsed;
  // Text that is not a JSON list is kept as one entry rather than lost.
  if (field === 'activity_log' && typeof parsed === 'string' && parsed.trim()) {
    return [{ id: 'legacy', type: null, message: parsed, timestamp: fallbackAt }];
  }
  return [];
}

/**
 * One UpdateItem on the order, built part by part: every change stamps `updated_at` and moves the order in the
 * orders list's index (ORDER_TOUCH), and is conditional on the order still existing and not deleted, plus
 * whatever each part read.
 */
export class OrderUpdate {
  private readonly sets: string[] = [ORDER_TOUCH];
  private readonly adds: string[] = [];
  private readonly removes: string[] = [];
  private readonly conditions: string[] = ['attribute_exists(pk)', 'attribute_not_exists(deleted_at)'];
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown>;
  private n = 0;

  constructor(
    private readonly order: OrderItem,
    at: string,
  ) {
    this.values = { ...touchValues(order.order_id, at) };
  }

  name(attribute: string): string {
    const key = `#n${this.n++}`;
    this.names[key] = attribute;
    return key;
  }

  value(v: unknown): string {
    const key = `:v${this.n++}`;
    this.values[key] = v;
    return key;
  }

  set(attribute: string, v: unknown): this {
    this.sets.push(`${this.name(attribute)} = ${this.value(v)}`);
    return this;
  }

  add(attribute: string, v: number): this {
    this.adds.push(`${this.name(attribute)} ${this.value(v)}`);
    return this;
  }

  remove(attribute: string): this {
    this.removes.push(this.name(attribute));
    return this;
  }

  condition(expression: string): this {
    this.conditions.push(expression);
    return this;
  }

  /** Only if the attribute still holds the value read (or is still absent). */
  unchanged(attribute: string, read: unknown): this {
    const n = this.name(attribute);
    if (read === undefined) return this.condition(`attribute_not_exists(${n})`);
    if (read === null) return this.condition(`attribute_type(${n}, ${this.value('NULL')})`);
    return this.condition(`${n} = ${this.value(read)}`);
  }

  /**
   * Appends to a list: atomically (list_append) when it is a list or absent, so concurrent appends all land;
   * a legacy value (JSON text, a plain-string note) is replaced by its list plus the entries, only if it is
   * still the value read.
   */
  append(field: ListField, entries: unknown[]): this {
    const current = this.order[field];
    const n = this.name(field);
    if (current === undefined || Array.isArray(current)) {
      this.sets.push(`${n} = list_append(if_not_exists(${n}, ${this.value([])}), ${this.value(entries)})`);
      return this.condition(`(attribute_not_exists(${n}) OR attribute_type(${n}, ${this.value('L')}))`);
    }
    this.sets.push(
      `${n} = ${this.value([...legacyList(field, current, this.order.updated_at), ...entries])}`,
    );
    return this.unchanged(field, current);
  }

  /** Adds photos to the map by image id; a legacy list (or its text) becomes a map first, if still as read. */
  putImages(images: StoredImage[]): this {
    const current = this.order.images;
    const n = this.name('images');
    if (isMap(current)) {
      for (const image of images) this.sets.push(`${n}.${this.name(image.id)} = ${this.value(image)}`);
      return this.condition(`attribute_type(${n}, ${this.value('M')})`);
    }
    const map = toMap([...storedImages(current, this.order.updated_at), ...images]);
    this.sets.push(`${n} = ${this.value(map)}`);
    return this.unchanged('images', current);
  }

  /** Removes one photo, only if it is still there. */
  removeImage(imageId: string): this {
    const current = this.order.images;
    const n = this.name('images');
    if (isMap(current)) {
      const id = this.name(imageId);
      this.removes.push(`${n}.${id}`);
      return this.condition(`attribute_exists(${n}.${id})`);
    }
    const rest = storedImages(current, this.order.updated_at).filter((i) => i.id !== imageId);
    this.sets.push(`${n} = ${this.value(toMap(rest))}`);
    return this.unchanged('images', current);
  }

  expression(): string {
    return [
      `SET ${this.sets.join(', ')}`,
      this.adds.length ? `ADD ${this.adds.join(', ')}` : '',
      this.removes.length ? `REMOVE ${this.removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** The Update of a TransactWriteItems, or the input of an UpdateItem. */
  input() {
    return {
      TableName: tableName(),
      Key: orderEntity.key(this.order.order_id),
      UpdateExpression: this.expression(),
      ConditionExpression: this.conditions.join(' AND '),
      ExpressionAttributeNames: this.names,
      ExpressionAttributeValues: this.values,
    };
  }
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toMap = (images: StoredImage[]): Record<string, StoredImage> =>
  Object.fromEntries(images.map((i) => [i.id, i]));

/** ADDs to one counters item (order counters or a day's), skipping zero changes. */
export function counterUpdate(
  key: { pk: string; sk: string },
  entity: string,
  deltas: Record<string, number>,
): NonNullable<TransactWriteCommandInput['TransactItems']>[number] | null {
  const changed = Object.entries(deltas).filter(([, d]) => d !== 0);
  if (!changed.length) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':entity': entity };
  const adds = changed.map(([attribute, delta], i) => {
    names[`#c${i}`] = attribute;
    values[`:c${i}`] = delta;
    return `#c${i} :c${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET entity = :entity ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The order change alone, or with its counters in one transaction: all or nothing. */
export async function commit(
  update: OrderUpdate,
  counters: Array<ReturnType<typeof counterUpdate>> = [],
): Promise<void> {
  const others = counters.filter((c) => c !== null);
  if (!others.length) {
    await db.send(new UpdateCommand(update.input()));
    return;
  }
  await db.send(new TransactWriteCommand({ TransactItems: [{ Update: update.input() }, ...others] }));
}
