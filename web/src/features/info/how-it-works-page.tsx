import { LABEL_VALIDITY_DAYS } from '@shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AcceptanceNotice } from '../../components/acceptance-notice';
import {
  ArrowRightIcon,
  ClockIcon,
  DollarIcon,
  SearchIcon,
  ShieldIcon,
  TagIcon,
  TruckIcon,
} from '../../components/icons';
import { PayoutMethods } from '../../components/payout-methods';
import { SectionHeader } from '../../components/section-header';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSettings } from '../../lib/settings/settings-context';
import { paths } from '../../paths';
import '../../components/content-sections.css';
import '../../components/page-banner.css';
import './info.css';

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

/** A `.page-section` labelled by its `.section-header` heading, its content inside the container. */
function InfoSection({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={tinted ? 'page-section page-section--tinted' : 'page-section'} aria-labelledby={id}>
      <div className="container">
        <SectionHeader id={id} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}

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

      <InfoSection
        id="how-steps-title"
        title="Three Easy Steps"
        intro="From your shelf to your wallet, without leaving home for more than a quick drop-off."
        tinted
      >
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
      </InfoSection>

      <InfoSection id="how-highlights-title" title="Why Sell With Us">
        <ul className="feature-grid">
          {highlights.map((item) => (
            <li key={item.title} className="card feature-card">
              <span className="feature-card__icon">{item.icon}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection
        id="how-payout-title"
        title="How You Get Paid"
        intro="Choose one of these payout methods when you check out."
        tinted
      >
        <PayoutMethods paymentMethods={settings.payment_methods} />
      </InfoSection>

      <section className="page-section" aria-labelledby="how-accept-title">
        <AcceptanceNotice
          headingId="how-accept-title"
          title="What We Accept"
          intro="To be paid in full, every box you send must be:"
        />
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
