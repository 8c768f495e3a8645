import { Link } from 'react-router';
import { ArrowRightIcon, DollarIcon } from '../../components/icons';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { faqItems } from './faq-content';
import '../../components/page-banner.css';
import './info.css';

export function FaqPage() {
  usePageTitle(paths.faq.title);
  return (
    <>
      <section className="page-banner" aria-labelledby="faq-title">
        <div className="container">
          <h1 id="faq-title">Frequently Asked Questions</h1>
          <p className="page-banner__lead">
            Everything you need to know about selling your diabetic supplies, shipping them for free and
            getting paid.
          </p>
          <p className="faq-payout">
            <DollarIcon size={20} />
            <span>
              Get paid your way: choose <strong>PayPal, Cash App or Check</strong>, among other options.
            </span>
          </p>
        </div>
      </section>

      <div className="container page-section faq-layout">
        <ul className="faq-list">
          {faqItems.map((item) => (
            <li key={item.id}>
              <details className="faq-item" id={`faq-${item.id}`}>
                <summary className="faq-item__question">{item.question}</summary>
                <div className="faq-item__answer">{item.answer}</div>
              </details>
            </li>
          ))}
        </ul>

        <aside className="card faq-contact" aria-labelledby="faq-contact-title">
          <h2 id="faq-contact-title">Still have questions?</h2>
          <p className="faq-contact__text">Our team is happy to help with anything not covered here.</p>
          <div className="button-row">
            <Link to={paths.contact.path} className="btn btn--primary">
              Contact Us
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.products.path} className="btn btn--secondary">
              Start Selling
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
