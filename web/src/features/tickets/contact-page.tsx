import { isOrderId } from '@shared/rules/order';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { ContactDetails } from './components/contact-details';
import { ContactForm } from './components/contact-form';
import '../../components/page-banner.css';
import './contact.css';

/** An order number from `?order=` becomes the subject; anything else is ignored. */
function subjectForOrder(order: string | null): string {
  const value = order?.trim().toUpperCase() ?? '';
  return isOrderId(value) ? `Order ${value}` : '';
}

export function ContactPage() {
  usePageTitle(paths.contact.title);
  const [searchParams] = useSearchParams();
  const subject = subjectForOrder(searchParams.get('order'));

  return (
    <>
      <section className="page-banner" aria-labelledby="contact-title">
        <div className="container">
          <h1 id="contact-title">Contact Us</h1>
          <p className="page-banner__lead">
            Have a question about selling your supplies, your shipping label or a payment? Send us a message
            and we'll get back to you as soon as possible.
          </p>
        </div>
      </section>
      <div className="container contact-layout">
        {/* A new order in the link starts a new form with that subject. */}
        <ContactForm key={subject} initialSubject={subject} />
        <ContactDetails />
      </div>
    </>
  );
}
