import { SUMMARY_SCROLL_THRESHOLD_PX } from '@shared/constants';
import { messages } from '@shared/messages';
import type { CartItem } from '@shared/rules/cart';
import type { CheckedCart } from '@shared/rules/cart-catalogue';
import { formatMoney, lineTotal } from '@shared/rules/money';
import { useLayoutEffect, useRef, useState } from 'react';
import { unavailableLabel } from '../../../components/cart/cart-line';
import { ProductImage } from '../../../components/product-image';
import '../../../components/summary-total.css';

interface BuybackSummaryProps {
  items: CartItem[];
  /** What the sellable lines earn at the catalogue's current prices. */
  total: number;
  /** The lines against the catalogue now (null until it has loaded). */
  checked?: CheckedCart | null;
}

/** The sidebar: what is being sold. The list scrolls once it is taller than the spec's threshold. */
export function BuybackSummary({ items, total, checked = null }: BuybackSummaryProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);

  // A scrolling region must be reachable by keyboard (WCAG 2.1.1), but only when it actually scrolls.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollable(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <aside className="card buyback-summary" aria-labelledby="buyback-summary-title">
      <h2 id="buyback-summary-title" className="buyback-summary__title">
        Buyback Summary
      </h2>
      <div
        ref={listRef}
        className="buyback-summary__scroll"
        style={{ maxHeight: SUMMARY_SCROLL_THRESHOLD_PX }}
        data-testid="buyback-summary-list"
        {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': 'Items in this sale' } : {})}
      >
        <ul className="buyback-summary__list">
          {items.map(({ product, quantity }, index) => {
            const line = checked?.lines[index];
            const flag = unavailableLabel(line?.availability);
            return (
              <li key={product.id} className="buyback-item">
                <div className="buyback-item__media product-thumb">
                  <ProductImage src={product.imageUrl} alt={product.name} />
                </div>
                <div className="buyback-item__info">
                  <p className="buyback-item__name">{product.name}</p>
                  <p className="buyback-item__meta">
                    Qty: {quantity} · <span className="buyback-item__condition">Good condition</span>
                  </p>
                  {line?.priceChange && (
                    <p className="buyback-item__meta">
                      {formatMoney(product.buybackPrice)} per box{' '}
                      <span className="cart-check__was">
                        ({messages.cart.priceWas(formatMoney(line.priceChange.from))})
                      </span>
                    </p>
                  )}
                  {flag && <p className="cart-check__flag">{flag}</p>}
                </div>
                <span className="buyback-item__amount">
                  {flag ? '—' : formatMoney(lineTotal(product.buybackPrice, quantity))}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="summary-total">
        <span>Total Earnings</span>
        <span className="summary-total__value" data-testid="checkout-total">
          {formatMoney(total)}
        </span>
      </div>
      <ul className="buyback-summary__promises">
        <li className="buyback-summary__promise">Free prepaid shipping label</li>
        <li className="buyback-summary__promise">Paid within 36 hours of arrival</li>
      </ul>
    </aside>
  );
}
