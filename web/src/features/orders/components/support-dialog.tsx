import { messages } from '@shared/messages';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { telHref } from '../../../lib/contact-links';
import { contactHref } from '../../../paths';

interface SupportDialogProps {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
  /** The support phone, else the general number, from settings; null hides Call Us and Text Us. */
  phone: string | null;
}

/** 'Have Questions?': call or text support, the text prefilled with the order number. */
export function SupportDialog({ open, onClose, orderNumber, phone }: SupportDialogProps) {
  const smsBody = encodeURIComponent(messages.order.supportText(orderNumber));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Have Questions?"
      description={<p>Our team is happy to help with order #{orderNumber}.</p>}
      size="sm"
    >
      <div className="support-actions">
        {phone && (
          <>
            <a className="btn btn--primary btn--block" href={telHref(phone)}>
              <PhoneIcon size={18} />
              Call Us
            </a>
            <a
              className="btn btn--secondary btn--block"
              href={`${telHref(phone).replace(/^tel:/, 'sms:')}?body=${smsBody}`}
            >
              <MailIcon size={18} />
              Text Us
            </a>
          </>
        )}
        <Link className="btn btn--secondary btn--block" to={contactHref(orderNumber)} onClick={onClose}>
          Send Us a Message
        </Link>
      </div>
    </Dialog>
  );
}
