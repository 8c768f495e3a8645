import { useState } from 'react';
import { Link } from 'react-router';
import { ContactOption } from '../../../components/contact-option';
import { Dialog } from '../../../components/dialog';
import { ArrowRightIcon, MailIcon, PhoneIcon } from '../../../components/icons';
import { supportEmail, supportPhone, telHref } from '../../../lib/contact-links';
import { useSettings } from '../../../lib/settings/settings-context';
import { contactHref } from '../../../paths';

/** The fixed bottom bar of the order view: 'Email Support' and a 'Contact Us' dialog about this order. */
export function SupportBar({ orderNumber }: { orderNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <aside className="support-bar" aria-label="Order support">
        <div className="container support-bar__inner">
          <p className="support-bar__text">Questions about this order?</p>
          <div className="support-bar__actions">
            <Link to={contactHref(orderNumber)} className="btn btn--secondary support-bar__button">
              <MailIcon size={18} />
              Email Support
            </Link>
            <button
              type="button"
              className="btn btn--primary support-bar__button"
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
            >
              <PhoneIcon size={18} />
              Contact Us
            </button>
          </div>
        </div>
      </aside>
      <ContactDialog open={open} onClose={() => setOpen(false)} orderNumber={orderNumber} />
    </>
  );
}

function ContactDialog({
  open,
  onClose,
  orderNumber,
}: {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
}) {
  const settings = useSettings();
  const phone = supportPhone(settings);
  const email = supportEmail(settings);
  const mailto = email
    ? `mailto:${email}?${new URLSearchParams({ subject: `Order ${orderNumber}` }).toString().replace(/\+/g, '%20')}`
    : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contact Us"
      size="sm"
      description={
        <p>
          Questions about order <strong>{orderNumber}</strong>? Have your order number ready and we'll be glad
          to help.
        </p>
      }
    >
      <ul className="contact-options">
        {phone && (
          <ContactOption href={telHref(phone)} icon={<PhoneIcon size={20} />} label="Call us" value={phone} />
        )}
        {mailto && (
          <ContactOption href={mailto} icon={<MailIcon size={20} />} label="E-mail us" value={email} />
        )}
        <ContactOption
          to={contactHref(orderNumber)}
          icon={<ArrowRightIcon size={20} />}
          label="Send us a message"
          value={`Use our contact form about order ${orderNumber}`}
        />
      </ul>
    </Dialog>
  );
}
