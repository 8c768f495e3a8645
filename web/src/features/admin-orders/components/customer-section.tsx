import { statusLabel } from '@shared/rules/admin-order-forms';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { PhoneIcon, TruckIcon } from '../../../components/icons';
import { DetailSection } from './detail-section';
import { ShippingDocuments } from './shipping-documents';

export function CustomerSection({ order }: { order: AdminOrderDetail }) {
  const { customer } = order;
  return (
    <DetailSection
      id="order-customer"
      title="Customer"
      icon={<PhoneIcon size={20} />}
      className="aod-section--wide"
    >
      <dl className="admin-facts">
        <div>
          <dt>Name</dt>
          <dd>
            {customer.firstName} {customer.lastName}
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            {customer.phone ? (
              <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </DetailSection>
  );
}

/** Where the box comes from, where it is, and the label documents. */
export function ShippingSection({ order }: { order: AdminOrderDetail }) {
  const address = order.shippingAddress;
  return (
    <DetailSection
      id="order-shipping"
      title="Shipping"
      icon={<TruckIcon size={20} />}
      className="aod-section--wide"
    >
      <dl className="admin-facts">
        <div>
          <dt>Shipping address</dt>
          <dd>
            <address className="aod-address">
              {address.address}
              <br />
              {address.city}, {address.state} {address.zipCode}
            </address>
          </dd>
        </div>
        <div>
          <dt>Shipment status</dt>
          <dd data-testid="shipment-status">{statusLabel(order.shipmentStatus || 'pending')}</dd>
        </div>
      </dl>
      <ShippingDocuments order={order} />
    </DetailSection>
  );
}
