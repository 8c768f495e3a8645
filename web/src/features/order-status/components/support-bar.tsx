import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { ArrowRightIcon, MailIcon, PhoneIcon } from '../../../components/icons';
import { contactHref, paths } from '../../../paths';
import { telHref } from '../../layout/components/site-footer';
import { useSettings } from '../../settings/settings-context';

/** The fixed bottom bar of the order view: 'Email Support' and a 'Contact Us' dialog about this order. */
export function SupportBar({ orderNumber }: { orderNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <aside className="support-bar" aria-label="Order support">
        <div className="container support-bar__inner">
          <p className="support-bar__text">Questions about this order?</p>
          <div className="support-bar__actions">
            <Link to={paths.contact.path} className="btn btn--secondary support-bar__button">
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
  const phone = (settings.support_phone || settings.phone_number)?.trim();
  const email = (settings.support_email || settings.contact_email)?.trim();
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
          <li>
            <a className="contact-option" href={telHref(phone)}>
              <span className="contact-option__icon">
                <PhoneIcon size={20} />
              </span>
              <span>
                <span className="contact-option__label">Call us</span>
                <span className="contact-option__value">{phone}</span>
              </span>
            </a>
          </li>
        )}
        {mailto && (
          <li>
            <a className="contact-option" href={mailto}>
              <span className="contact-option__icon">
                <MailIcon size={20} />
              </span>
              <span>
                <span className="contact-option__label">E-mail us</span>
                <span className="contact-option__value">{email}</span>
              </span>
            </a>
          </li>
        )}
        <li>
          <Link className="contact-option" to={contactHref(orderNumber)}>
            <span className="contact-option__icon">
              <ArrowRightIcon size={20} />
            </span>
            <span>
              <span className="contact-option__label">Send us a message</span>
              <span className="contact-option__value">Use our contact form about order {orderNumber}</span>
            </span>
          </Link>
        </li>
      </ul>
    </Dialog>
  );
}
