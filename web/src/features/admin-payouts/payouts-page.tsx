import { receivingMessages as m } from '@shared/admin-messages';
import { readPayoutListParams, updatePayoutListSearch } from '@shared/rules/admin-payout-filters';
import type { PayoutRow } from '@shared/schemas/receiving';
import { useState } from 'react';
import { type ListNotice, ListPage, serverPaging } from '../../components/list/list-page';
import { ListSearch, ListToolbar } from '../../components/list/list-toolbar';
import { useListParams } from '../../components/list/use-list-params';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { usePayouts } from './api/list-payouts';
import { DetailsDialog } from './components/details-dialog';
import { OverviewCard } from './components/overview-card';
import { PayDialog } from './components/pay-dialog';
import { PayoutsList } from './components/payouts-list';
import './payouts.css';

const NOUN = ['order', 'orders'] as const;

/**
 * `/admin/payouts` (issue 40): the last 30 days' overview, then the orders inspected and answered (or past their
 * answer window) and not yet paid, oldest first, on the list kit: search and pages in the address, and per row
 * 'Pay and Complete' (asks first) and the payout details (revealed, and logged, on request).
 */
export function PayoutsPage() {
  usePageTitle(paths.adminPayouts.title);
  const { params, update } = useListParams(readPayoutListParams, updatePayoutListSearch);
  const payouts = usePayouts(params);
  const [paying, setPaying] = useState<PayoutRow | null>(null);
  const [revealing, setRevealing] = useState<string | null>(null);
  const [notice, setNotice] = useState<ListNotice | null>(null);
  const data = payouts.data;

  return (
    <div className="admin-page payouts">
      <ListPage
        title={m.payoutsTitle}
        count={
          // Kept while loading (a space), so the heading's line does not change height when the count arrives.
          <p className="list-page__count" data-testid="payouts-total">
            {data ? `Waiting: ${data.total}` : '\u00a0'}
          </p>
        }
        label="Payouts list"
        query={payouts}
        rows={data?.rows}
        loading={m.payoutsLoading}
        empty={{ title: m.payoutsEmpty, hint: m.payoutsEmptyHint }}
        failed={{ title: m.payoutsLoadFailed }}
        refusedHint={m.payoutsEmptyHint}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        toolbar={
          <>
            <OverviewCard />
            <ListToolbar>
              <ListSearch
                label={m.payoutsSearch}
                placeholder={m.payoutsSearchPlaceholder}
                value={params.q}
                onCommit={(q, replace) => update({ q }, { replace })}
              />
            </ListToolbar>
          </>
        }
        paging={
          data &&
          serverPaging(data, data.rows.length, params, update, {
            noun: 'Payouts',
            words: NOUN,
            sizes: [25, 50, 100],
          })
        }
      >
        {(rows) => (
          <PayoutsList
            rows={rows}
            caption={`Orders waiting to be paid, page ${data?.page ?? params.page}`}
            onPay={(row) => {
              setNotice(null);
              setPaying(row);
            }}
            onReveal={(row) => setRevealing(row.orderId)}
          />
        )}
      </ListPage>
      {paying && (
        <PayDialog
          key={paying.orderId}
          row={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            setNotice({ tone: 'success', text: m.paid });
          }}
        />
      )}
      {revealing && <DetailsDialog key={revealing} orderId={revealing} onClose={() => setRevealing(null)} />}
    </div>
  );
}
