import { LABEL_VALIDITY_DAYS } from '@shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlertIcon,
  ArrowRightIcon,
  CheckCircleIcon,
  ClockIcon,
  DollarIcon,
  SearchIcon,
  ShieldIcon,
  TagIcon,
  TruckIcon,
} from '../../components/icons';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { PayoutMethods } from '../home/components/payout-methods';
import { acceptanceConditions, safetyNotice } from '../home/content';
import { useSettings } from '../settings/settings-context';

const steps: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Pick your products',
    text: 'Find your test strips or CGM supplies in our catalogue, choose how many boxes you have and see exactly what you will earn. Prices are fixed and shown up front.',
    icon: <TagIcon size={24} />,
  },
  {
    title: 'Ship for free',
    text: `Check out with your contact, address and payout details. We e-mail you a prepaid shipping label: print it, or show its QR code at a postal location. The label is valid for ${LABEL_VALIDITY_DAYS} days.`,
    icon: <TruckIcon size={24} />,
  },
  {
    title: 'Get paid fast',
    text: 'Once your package arrives we check your items and pay you within 36 hours, by the payout method you chose at checkout.',
    icon: <DollarIcon size={24} />,
  },
];

const highlights: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Free shipping',
    text: 'The prepaid label is on us. No postage, no hidden fees.',
    icon: <TruckIcon size={24} />,
  },
  {
    title: 'Paid within 36 hours',
    text: 'Counted from the moment your package arrives with us.',
    icon: <ClockIcon size={24} />,
  },
  {
    title: 'Up to $50 per box',
    text: 'Fixed buyback prices: the price you see is the price you get.',
    icon: <DollarIcon size={24} />,
  },
  {
    title: 'Track every step',
    text: 'Look up your order any time to see its status, payments and notes.',
    icon: <SearchIcon size={24} />,
  },
];

export function HowItWorksPage() {
  usePageTitle(paths.howItWorks.title);
  const settings = useSettings();

  return (
    <>
      <section className="page-banner" aria-labelledby="how-page-title">
        <div className="container">
          <p className="eyebrow">Simple, free and fast</p>
          <h1 id="how-page-title">How It Works</h1>
          <p className="page-banner__lead">
            Selling your unused, sealed diabetic supplies takes three steps: pick your products, ship them
            free with a prepaid label, and get paid within 36 hours of your package arriving.
          </p>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="how-steps-title">
        <div className="container">
          <div className="section-header">
            <h2 id="how-steps-title">Three Easy Steps</h2>
            <p>From your shelf to your wallet, without leaving home for more than a quick drop-off.</p>
          </div>
          <ol className="steps steps--three">
            {steps.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__icon">{step.icon}</span>
                <span className="step__number">Step {index + 1}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="page-section" aria-labelledby="how-highlights-title">
        <div className="container">
          <div className="section-header">
            <h2 id="how-highlights-title">Why Sell With Us</h2>
          </div>
          <ul className="feature-grid">
            {highlights.map((item) => (
              <li key={item.title} className="card feature-card">
                <span className="feature-card__icon">{item.icon}</span>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="how-payout-title">
        <div className="container">
          <div className="section-header">
            <h2 id="how-payout-title">How You Get Paid</h2>
            <p>Choose one of these payout methods when you check out.</p>
          </div>
          <PayoutMethods paymentMethods={settings.payment_methods} />
        </div>
      </section>

      <section className="page-section" aria-labelledby="how-accept-title">
        <div className="container acceptance">
          <div>
            <div className="section-header">
              <h2 id="how-accept-title">What We Accept</h2>
              <p>To be paid in full, every box you send must be:</p>
            </div>
            <ul className="check-list">
              {acceptanceConditions.map((condition) => (
                <li key={condition}>
                  <CheckCircleIcon size={20} />
                  {condition}
                </li>
              ))}
            </ul>
          </div>
          <div className="notice notice--danger" role="note">
            <AlertIcon size={22} />
            <div>
              <h3>Safety notice</h3>
              <p>{safetyNotice}</p>
            </div>
          </div>
        </div>
      </section>

      <section className="page-section" aria-labelledby="how-cta-title">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2 id="how-cta-title">Ready to get started?</h2>
              <p>See what your boxes are worth in seconds. Shipping is on us.</p>
            </div>
            <div className="button-row">
              <Link to={paths.products.path} className="btn btn--light btn--lg">
                Start Selling
                <ArrowRightIcon size={18} />
              </Link>
            </div>
          </div>
          <p className="info-more">
            <ShieldIcon size={18} />
            <span>
              More questions? Read our <Link to={paths.faq.path}>FAQ</Link> or{' '}
              <Link to={paths.contact.path}>contact us</Link>.
            </span>
          </p>
        </div>
      </section>
    </>
  );
}
