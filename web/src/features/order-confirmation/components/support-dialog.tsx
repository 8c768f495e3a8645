import { messages } from '@shared/messages';
import { phoneDigits } from '@shared/rules/order';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { paths } from '../../../paths';

interface SupportDialogProps {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
  /** The support phone, else the general number, from settings; null hides Call Us and Text Us. */
  phone: string | null;
}

/** 'Have Questions?': call or text support, the text prefilled with the order number. */
export function SupportDialog({ open, onClose, orderNumber, phone }: SupportDialogProps) {
  const digits = phone ? phoneDigits(phone) : '';
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
        {digits && (
          <>
            <a className="btn btn--primary btn--block" href={`tel:${digits}`}>
              <PhoneIcon size={18} />
              Call Us
            </a>
            <a className="btn btn--secondary btn--block" href={`sms:${digits}?body=${smsBody}`}>
              <MailIcon size={18} />
              Text Us
            </a>
          </>
        )}
        <Link className="btn btn--secondary btn--block" to={paths.contact.path} onClick={onClose}>
          Send Us a Message
        </Link>
      </div>
    </Dialog>
  );
}
