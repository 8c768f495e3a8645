import { formatMoney } from '@shared/rules/money';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { BoxIcon } from '../../../components/icons';
import { DetailSection } from './detail-section';
import '../../../components/order-table.css';

export function OrderItems({ order }: { order: AdminOrderDetail }) {
  return (
    <DetailSection
      id="order-items"
      title="Order Items"
      icon={<BoxIcon size={20} />}
      className="aod-section--wide"
    >
      <div className="aod-table-wrap">
        <table className="order-table aod-table aod-table--stack" data-testid="order-items">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="aod-num">
                Quantity
              </th>
              <th scope="col" className="aod-num">
                Unit price
              </th>
              <th scope="col" className="aod-num">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list; a product may appear twice.
              <tr key={`${item.productId}-${index}`}>
                <td data-label="Product">{item.name}</td>
                <td className="aod-num" data-label="Quantity">
                  {item.quantity}
                </td>
                <td className="aod-num" data-label="Unit price">
                  {formatMoney(item.price)}
                </td>
                <td className="aod-num" data-label="Line total">
                  {formatMoney(item.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total amount
              </th>
              <td className="aod-num aod-strong" data-testid="order-total">
                {formatMoney(order.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </DetailSection>
  );
}
