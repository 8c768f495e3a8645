import { receivingMessages as m } from '@shared/admin-messages';
import { MAX_GROUPS_PER_LINE, REJECTION_REASON_LABELS, REJECTION_REASONS } from '@shared/rules/inspection';
import { formatMoney } from '@shared/rules/money';
import type { Product } from '@shared/schemas/product';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { type ReactNode, useId } from 'react';
import { type FieldErrors, get, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '../../../components/form/field';
import { adminOrderHref } from '../../../paths';
import type { InspectionForm } from '../inspection-form';

type Group = 'lines' | 'extras';
type Form = UseFormReturn<InspectionForm>;

const REASON_OPTIONS = REJECTION_REASONS.map((value) => ({ value, label: REJECTION_REASON_LABELS[value] }));

const errorAt = (errors: FieldErrors<InspectionForm>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

const COUNT_PROPS = { type: 'number', inputMode: 'numeric', min: 0, max: 100, step: 1 } as const;

/**
 * Groups of boxes of one line (reduced, or rejected): a row of fields per group, each removable, and a button
 * that adds one, up to MAX_GROUPS_PER_LINE.
 */
function BoxGroups({
  testId,
  legend,
  noun,
  keys,
  addLabel,
  addTestId,
  onAdd,
  onRemove,
  children,
}: {
  testId: string;
  legend: string;
  noun: string;
  /** One per group: react-hook-form's field ids, so a removed group takes its inputs with it. */
  keys: string[];
  addLabel: string;
  addTestId: string;
  onAdd: () => void;
  onRemove: (j: number) => void;
  children: (j: number) => ReactNode;
}) {
  return (
    <fieldset className="rcv-groups" data-testid={testId}>
      <legend>{legend}</legend>
      {keys.map((key, j) => (
        <div key={key} className="rcv-group-row">
          {children(j)}
          <button type="button" className="btn btn--secondary rcv-remove" onClick={() => onRemove(j)}>
            {m.remove}
            <span className="visually-hidden">
              {' '}
              {noun} {j + 1}
            </span>
          </button>
        </div>
      ))}
      {keys.length < MAX_GROUPS_PER_LINE && (
        <button type="button" className="btn btn--secondary rcv-add" onClick={onAdd} data-testid={addTestId}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

/** A group's count field: whole boxes, at least one. */
function CountField({ form, path, testId }: { form: Form; path: CountPath; testId: string }) {
  return (
    <TextField
      label={m.count}
      layout="compact"
      className="rcv-field--count"
      {...COUNT_PROPS}
      min={1}
      {...form.register(path)}
      error={errorAt(form.formState.errors, path)}
      data-testid={testId}
    />
  );
}
type CountPath =
  | `${Group}.${number}.reductions.${number}.count`
  | `${Group}.${number}.rejections.${number}.count`;

function Reductions({ form, at }: { form: Form; at: `${Group}.${number}` }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `${at}.reductions` });
  const errors = form.formState.errors;
  return (
    <BoxGroups
      testId="reductions"
      legend={m.reducedTitle}
      noun="reduced boxes"
      keys={fields.map((f) => f.id)}
      addLabel={m.addReduction}
      addTestId="add-reduction"
      onAdd={() => append({ count: '1', price: '', reason: '' })}
      onRemove={remove}
    >
      {(j) => (
        <>
          <CountField form={form} path={`${at}.reductions.${j}.count`} testId="reduced-count" />
          <TextField
            label={m.reducedPrice}
            layout="compact"
            className="rcv-field--price"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            {...form.register(`${at}.reductions.${j}.price`)}
            error={errorAt(errors, `${at}.reductions.${j}.price`)}
            data-testid="reduced-price"
          />
          <TextField
            label={m.reducedReasonLabel}
            layout="compact"
            className="rcv-field--reason"
            maxLength={200}
            {...form.register(`${at}.reductions.${j}.reason`)}
            error={errorAt(errors, `${at}.reductions.${j}.reason`)}
            data-testid="reduced-reason"
          />
        </>
      )}
    </BoxGroups>
  );
}

function Rejections({ form, at }: { form: Form; at: `${Group}.${number}` }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `${at}.rejections` });
  return (
    <BoxGroups
      testId="rejections"
      legend={m.rejectedTitle}
      noun="rejected boxes"
      keys={fields.map((f) => f.id)}
      addLabel={m.addRejection}
      addTestId="add-rejection"
      onAdd={() => append({ count: '1', reason: '' })}
      onRemove={remove}
    >
      {(j) => (
        <>
          <CountField form={form} path={`${at}.rejections.${j}.count`} testId="rejected-count" />
          <SelectField
            label={m.rejectionReasonLabel}
            layout="compact"
            className="rcv-field--reason"
            options={REASON_OPTIONS}
            {...form.register(`${at}.rejections.${j}.reason`)}
            error={errorAt(form.formState.errors, `${at}.rejections.${j}.reason`)}
            data-testid="rejected-reason"
          >
            <option value="">{m.choosePlaceholder}</option>
          </SelectField>
        </>
      )}
    </BoxGroups>
  );
}

function Photos({ form, at, order }: { form: Form; at: `${Group}.${number}`; order: ReceivingOrder }) {
  return (
    <fieldset className="rcv-groups rcv-photos">
      <legend>{m.photos}</legend>
      {order.photos.length === 0 ? (
        <p className="rcv-muted">{m.noPhotos}</p>
      ) : (
        <ul className="rcv-photos__list">
          {order.photos.map((photo) => (
            <li key={photo.id}>
              <label className="rcv-photo">
                <input type="checkbox" value={photo.id} {...form.register(`${at}.photos`)} />
                <img src={photo.url} alt="" width={64} height={64} loading="lazy" />
                <span className="rcv-photo__name">{photo.filename}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <a className="rcv-link" href={`${adminOrderHref(order.orderId)}#order-images`}>
        {m.addPhotos}
      </a>
    </fieldset>
  );
}

/** An extra's product: chosen from the catalogue, which also gives its name and full price per box. */
function ExtraProduct({ form, at, products }: { form: Form; at: `extras.${number}`; products: Product[] }) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const registration = form.register(`${at}.productId`, {
    onChange: (event: { target: { value: string } }) => {
      const product = byId.get(event.target.value);
      form.setValue(`${at}.name`, product?.name ?? '');
      form.setValue(`${at}.price`, product?.buybackPrice ?? 0);
    },
  });
  return (
    <SelectField
      label={m.extraProduct}
      options={products.map((p) => ({ value: p.id, label: `${p.name} (${formatMoney(p.buybackPrice)})` }))}
      {...registration}
      error={errorAt(form.formState.errors, `${at}.productId`)}
      data-testid="extra-product"
    >
      <option value="">{m.choosePlaceholder}</option>
    </SelectField>
  );
}

/**
 * One product's boxes: how many arrived, how many are accepted at full value, the groups accepted at a reduced
 * price (count, price, reason) and the groups not accepted (count, reason from the fixed list), a note and the
 * order's photos of it. An item not on the order first names its product.
 */
export function LineFields({
  form,
  group,
  index,
  order,
  products,
  onRemove,
}: {
  form: Form;
  group: Group;
  index: number;
  order: ReceivingOrder;
  products?: Product[];
  onRemove?: () => void;
}) {
  const id = useId();
  const at = `${group}.${index}` as const;
  const [name, price, ordered] = useWatch({
    control: form.control,
    name: [`${at}.name`, `${at}.price`, `${at}.ordered`],
  });
  const errors = form.formState.errors;
  const title = name || `${m.extraProduct} ${index + 1}`;

  return (
    <fieldset className="rcv-line" aria-labelledby={`${id}-title`} data-testid={`inspect-${group}`}>
      <div className="rcv-line__head">
        <h3 id={`${id}-title`} className="rcv-line__title">
          {title}
        </h3>
        <p className="rcv-muted">
          {ordered !== null
            ? m.orderedLine(ordered, formatMoney(price))
            : name && m.extraPrice(formatMoney(price))}
        </p>
        {onRemove && (
          <button type="button" className="btn btn--secondary rcv-remove" onClick={onRemove}>
            {m.removeExtra}
            <span className="visually-hidden">: {title}</span>
          </button>
        )}
      </div>
      {group === 'extras' && products && (
        <ExtraProduct form={form} at={at as `extras.${number}`} products={products} />
      )}
      <div className="rcv-line__counts">
        <TextField
          label={m.received}
          layout="compact"
          className="rcv-field--count"
          {...COUNT_PROPS}
          {...form.register(`${at}.received`)}
          error={errorAt(errors, `${at}.received`)}
          data-testid="received-count"
        />
        <TextField
          label={m.acceptedFull}
          layout="compact"
          className="rcv-field--count"
          {...COUNT_PROPS}
          {...form.register(`${at}.accepted`)}
          error={errorAt(errors, `${at}.accepted`)}
          data-testid="accepted-count"
        />
      </div>
      <Reductions form={form} at={at} />
      <Rejections form={form} at={at} />
      <TextAreaField
        label={m.note}
        rows={2}
        maxLength={500}
        {...form.register(`${at}.note`)}
        error={errorAt(errors, `${at}.note`)}
      />
      <Photos form={form} at={at} order={order} />
    </fieldset>
  );
}
