import { CURRENCY } from '@shared/constants';
import { sumLines } from '@shared/rules/order';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from './settings/settings-context';

/**
 * Google Analytics 4 through gtag.js (spec 000 §7). Nothing happens until settings carry a measurement id:
 * no script, no network call, and every function below is a no-op.
 */

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';
/** How long a page view waits for the new page to set its title (lazy pages set it once loaded). */
const TITLE_WAIT_MS = 1000;

let measurementId: string | null = null;

/** Loads gtag.js once for the configured id; page views are sent by AnalyticsTracker, not by gtag itself. */
export function initAnalytics(gaId: string | null | undefined): void {
  const id = gaId?.trim();
  if (!id || id === measurementId) return;
  if (!window.gtag) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the data layer, not arrays.
      window.dataLayer?.push(arguments);
    };
    window.gtag('js', new Date());
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SRC}?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }
  window.gtag('config', id, { send_page_view: false });
  measurementId = id;
}

function send(event: string, params: Record<string, unknown>): void {
  if (!measurementId || !window.gtag) return;
  window.gtag('event', event, params);
}

/** What GA4 needs of a product line; a cart line's product fits. */
export interface AnalyticsItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
  brand?: string;
}

/** The order link's secret token must never reach a third party. */
const SECRET_PARAMS = ['token'];

function withoutSecrets(url: URL): URL {
  for (const name of SECRET_PARAMS) url.searchParams.delete(name);
  return url;
}

const toGaItems = (items: readonly AnalyticsItem[]) =>
  items.map((item) => ({
    item_id: item.id,
    item_name: item.name,
    ...(item.brand ? { item_brand: item.brand } : {}),
    price: item.price,
    quantity: item.quantity,
  }));

const totalValue = (items: readonly AnalyticsItem[]): number => sumLines(items);

/** Cart lines as analytics items. */
export const cartAnalyticsItems = (
  lines: ReadonlyArray<{
    product: { id: string; name: string; buybackPrice: number; brand?: string };
    quantity: number;
  }>,
): AnalyticsItem[] =>
  lines.map(({ product, quantity }) => ({
    id: product.id,
    name: product.name,
    price: product.buybackPrice,
    quantity,
    brand: product.brand,
  }));

export const analytics = {
  pageView(path: string): void {
    if (!measurementId || !window.gtag) return;
    const location = withoutSecrets(new URL(path, window.location.origin));
    const params = {
      page_path: `${location.pathname}${location.search}`,
      page_location: location.href,
      page_title: document.title,
    };
    // Set, not only sent: later hits on this page (events, gtag's own measurements) carry the clean address.
    window.gtag('set', params);
    send('page_view', params);
  },
  search(term: string): void {
    const searchTerm = term.trim();
    if (searchTerm) send('search', { search_term: searchTerm });
  },
  filterBrand(brand: string): void {
    send('filter_brand', { brand });
  },
  sort(sortOption: string): void {
    send('sort', { sort_option: sortOption });
  },
  viewMode(mode: string): void {
    send('view_mode', { view_mode: mode });
  },
  /** Sent only when a quantity rises: `item.quantity` is the number of boxes added. */
  addToCart(item: AnalyticsItem): void {
    if (item.quantity < 1) return;
    send('add_to_cart', { currency: CURRENCY, value: totalValue([item]), items: toGaItems([item]) });
  },
  beginCheckout(items: readonly AnalyticsItem[]): void {
    send('begin_checkout', { currency: CURRENCY, value: totalValue(items), items: toGaItems(items) });
  },
  purchase(transactionId: string, total: number, items: readonly AnalyticsItem[]): void {
    send('purchase', {
      transaction_id: transactionId,
      value: total,
      currency: CURRENCY,
      items: toGaItems(items),
    });
  },
};

/** Calls `callback` once the document title changes, or after `ms` if it does not. Returns the cancel. */
function whenTitleSettles(callback: () => void, ms: number): () => void {
  let done = false;
  const observer = new MutationObserver(() => finish());
  const timer = window.setTimeout(() => finish(), ms);
  function finish() {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    callback();
  }
  const title = document.querySelector('title');
  if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** Starts GA4 when settings name an id, and sends a page view on every route change (gtag's own is off). */
export function AnalyticsTracker(): null {
  const gaId = useSettings().analytics.gaId;
  const { pathname, search } = useLocation();

  useEffect(() => initAnalytics(gaId), [gaId]);

  useEffect(() => {
    if (!gaId?.trim()) return;
    const path = `${pathname}${search}`;
    // The page sets its title after it renders (lazy pages once their chunk arrives): wait for it.
    return whenTitleSettles(() => analytics.pageView(path), TITLE_WAIT_MS);
  }, [gaId, pathname, search]);

  return null;
}
