import { receivingMessages as m } from '@shared/admin-messages';
import { MAX_EXTRA_LINES } from '@shared/rules/inspection';
import { formatMoney } from '@shared/rules/money';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../components/admin/status-badge';
import { AlertIcon, ArrowLeftIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useProducts } from '../../lib/products/list-products';
import { adminOrderHref, paths } from '../../paths';
import { isOrderId, useReceivedOrder } from './api/get-received-order';
import { useSaveInspection } from './api/save-inspection';
import { LineFields } from './components/line-fields';
import { SavedInspection } from './components/saved-inspection';
import {
  blankExtra,
  type InspectionForm,
  type InspectionProblems,
  initialInspectionForm,
  inspectionProblems,
  toSaveRequest,
} from './inspection-form';
import './receiving.css';
import './inspection.css';

type Notice = { tone: 'success' | 'error' | 'conflict'; text: string };

/** The problems as react-hook-form's nested errors ('lines.0.received' → errors.lines[0].received). */
function toFieldErrors(problems: InspectionProblems): FieldErrors<InspectionForm> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(problems)) {
    const keys = path.split('.');
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = { type: 'validate', message };
      else {
        node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root as FieldErrors<InspectionForm>;
}

/** The browser's checks, the server's own again on save. */
const resolver: Resolver<InspectionForm> = (values) => {
  const problems = inspectionProblems(values);
  return Object.keys(problems).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: toFieldErrors(problems) };
};

function InspectionFormView({
  order,
  onNotice,
}: {
  order: ReceivingOrder;
  onNotice: (notice: Notice | null) => void;
}) {
  const defaults = useMemo(() => initialInspectionForm(order), [order]);
  const form = useForm<InspectionForm>({ defaultValues: defaults, resolver, reValidateMode: 'onChange' });
  const extras = useFieldArray({ control: form.control, name: 'extras' });
  const products = useProducts();
  const save = useSaveInspection(order.orderId);
  const [problemCount, setProblemCount] = useState(0);
  const version = order.inspection?.version ?? 0;

  const submit = form.handleSubmit(
    (values) => {
      setProblemCount(0);
      onNotice(null);
      save.mutate(toSaveRequest(values, version), {
        onSuccess: (saved) =>
          onNotice({
            tone: 'success',
            text: saved.inspection
              ? m.savedAmount(formatMoney(saved.inspection.amountDue))
              : m.inspectionSaved,
          }),
        onError: (error) => {
          // The order changed since it was loaded (another inspector, a payment, a cancellation): say what, and
          // offer Reload.
          if (isApiError(error) && error.status === 409) {
            onNotice({ tone: 'conflict', text: error.message || m.changedMeanwhile });
            return;
          }
          const applied = applyServerErrors(form, error, { fields: ['lines', 'extras'] });
          const refused = isApiError(error) && error.status >= 400 && error.status < 500;
          onNotice({
            tone: 'error',
            text:
              refused && applied.length === 0
                ? error.message
                : applied.length > 0
                  ? m.fixProblems(applied.length)
                  : m.inspectionFailed,
          });
        },
      });
    },
    (errors) =>
      setProblemCount(Object.keys(inspectionProblems(form.getValues())).length || Object.keys(errors).length),
  );

  return (
    <form className="rcv-inspect" onSubmit={submit} noValidate aria-label={m.inspectionTitle(order.orderId)}>
      {defaults.lines.map((line, i) => (
        <LineFields key={line.productId} form={form} group="lines" index={i} order={order} />
      ))}

      <section className="card rcv-extras" aria-labelledby="rcv-extras-title">
        <h2 id="rcv-extras-title" className="rcv-section-title">
          {m.extrasTitle}
        </h2>
        {extras.fields.map((field, i) => (
          <LineFields
            key={field.id}
            form={form}
            group="extras"
            index={i}
            order={order}
            products={products.data ?? []}
            onRemove={() => extras.remove(i)}
          />
        ))}
        {products.isError && <p className="rcv-error">Failed to load the catalogue.</p>}
        {extras.fields.length < MAX_EXTRA_LINES && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => extras.append(blankExtra())}
            data-testid="add-extra"
          >
            {m.addExtra}
          </button>
        )}
      </section>

      <div className="rcv-inspect__save">
        {problemCount > 0 && (
          <p className="rcv-error" role="alert" data-testid="inspection-problems">
            {m.fixProblems(problemCount)}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending}
          data-testid="save-inspection"
        >
          {save.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          {save.isPending ? m.savingInspection : m.saveInspection}
        </button>
      </div>
    </form>
  );
}

function BackLink() {
  return (
    <Link to={paths.adminReceiving.path} className="rcv-link rcv-back">
      <ArrowLeftIcon size={18} />
      Back to Receiving
    </Link>
  );
}

/**
 * `/admin/receiving/{orderId}`: the inspection of one received box, line by line, with the items that were not
 * on the order. Saving sends the version it was loaded with; the server computes the amounts, and its answer
 * shows them under the form. A save that lost to another inspector says so and offers Reload.
 */
export function InspectionPage() {
  const { orderId = '' } = useParams();
  usePageTitle(`Inspect order ${orderId}`);
  const query = useReceivedOrder(orderId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reloads, setReloads] = useState(0);

  const problem = (message: string, retry?: () => void) => (
    <div className="admin-page rcv">
      <BackLink />
      <StatePanel icon={<AlertIcon size={32} />} title={message} headingLevel={1} tone="error">
        {retry && (
          <button type="button" className="btn btn--primary" onClick={retry}>
            Try Again
          </button>
        )}
      </StatePanel>
    </div>
  );

  if (!isOrderId(orderId)) return problem(m.notFound);
  if (query.isPending) return <LoadingState message="Loading order..." />;
  if (query.isError && !query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return problem(
      notFound ? m.notFound : 'Failed to load the order.',
      notFound ? undefined : () => void query.refetch(),
    );
  }
  const order = query.data;
  const paid = order.status === 'completed';
  const cancelled = order.status === 'cancelled';

  const reload = async () => {
    await query.refetch();
    setNotice(null);
    setReloads((n) => n + 1);
  };

  return (
    <div className="admin-page rcv">
      <BackLink />
      <header className="card rcv-inspect-head">
        <div className="rcv-found__head">
          <h1 className="admin-page__title">{m.inspectionTitle(order.orderId)}</h1>
          <StatusBadge status={order.status} />
        </div>
        <p className="rcv-muted">
          {order.customer.name} · {order.customer.email} · Quote {formatMoney(order.total)}
        </p>
        <Link to={adminOrderHref(order.orderId)} className="rcv-link">
          Open order details
        </Link>
      </header>

      {!order.received ? (
        <p className="rcv-warning" data-testid="not-received">
          <AlertIcon size={20} />
          {m.notReceived}
        </p>
      ) : paid ? (
        <p className="rcv-notice">{m.alreadyPaid}</p>
      ) : cancelled ? (
        <p className="rcv-warning">
          <AlertIcon size={20} />
          {m.cancelled}
        </p>
      ) : (
        <InspectionFormView
          key={`${order.inspection?.version ?? 0}-${reloads}`}
          order={order}
          onNotice={setNotice}
        />
      )}

      {/* Outside the form, which a save remounts with the saved values: the message stays and is announced. */}
      <div aria-live="polite">
        {notice && notice.tone !== 'error' && (
          <div
            className={notice.tone === 'success' ? 'rcv-success' : 'rcv-warning rcv-conflict'}
            data-testid="inspection-notice"
          >
            <p>{notice.text}</p>
            {notice.tone === 'conflict' && (
              <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
                {m.reload}
              </button>
            )}
          </div>
        )}
      </div>
      {notice?.tone === 'error' && (
        <p className="rcv-error" role="alert" data-testid="inspection-notice">
          {notice.text}
        </p>
      )}

      <SavedInspection order={order} />
    </div>
  );
}
