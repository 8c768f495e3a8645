import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AcceptanceNotice } from '../../components/acceptance-notice';
import {
  ArrowRightIcon,
  ClipboardIcon,
  ClockIcon,
  DollarIcon,
  QuoteIcon,
  ShieldIcon,
  StarIcon,
  TagIcon,
  TruckIcon,
} from '../../components/icons';
import { PayoutMethods } from '../../components/payout-methods';
import { SectionHeader } from '../../components/section-header';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSettings } from '../../lib/settings/settings-context';
import { paths } from '../../paths';
import { brands, stats, steps, testimonials, trustFeatures } from './content';
import '../../components/content-sections.css';
import './home.css';

const featureIcons: Record<(typeof trustFeatures)[number]['id'], ReactNode> = {
  shipping: <TruckIcon size={26} />,
  payment: <ClockIcon size={26} />,
  prices: <DollarIcon size={26} />,
  trust: <ShieldIcon size={26} />,
};

const stepIcons: ReactNode[] = [
  <ClipboardIcon key="eligibility" size={24} />,
  <TagIcon key="quote" size={24} />,
  <TruckIcon key="ship" size={24} />,
  <DollarIcon key="paid" size={24} />,
];

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">Diabetic supplies buyback</p>
          <h1 id="hero-title">Turn your unused test strips into cash</h1>
          <p className="hero__lead">
            Sell sealed, unexpired diabetic test strips and CGM supplies at fixed prices of up to $50 per box.
            Shipping is free and you are paid within 36 hours of your package arriving.
          </p>
          <div className="button-row">
            <Link to={paths.products.path} className="btn btn--primary btn--lg">
              Sell Now
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.howItWorks.path} className="btn btn--secondary btn--lg">
              Learn More
            </Link>
          </div>
        </div>
        <aside className="hero-card" aria-label="Why sell with us">
          <ul className="hero-card__list">
            <li className="hero-card__item">
              <span className="hero-card__icon">
                <TruckIcon size={22} />
              </span>
              <span>
                <strong className="hero-card__title">Free prepaid label</strong>
                <span className="hero-card__sub">Sent to your inbox</span>
              </span>
            </li>
            <li className="hero-card__item">
              <span className="hero-card__icon">
                <ClockIcon size={22} />
              </span>
              <span>
                <strong className="hero-card__title">Paid within 36 hours</strong>
                <span className="hero-card__sub">Of your package arriving</span>
              </span>
            </li>
            <li className="hero-card__item">
              <span className="hero-card__icon">
                <DollarIcon size={22} />
              </span>
              <span>
                <strong className="hero-card__title">Up to $50 per box</strong>
                <span className="hero-card__sub">Fixed prices, no haggling</span>
              </span>
            </li>
          </ul>
        </aside>
      </div>
    </section>
  );
}

function TrustFeatures() {
  return (
    <section className="page-section" aria-labelledby="features-title">
      <div className="container">
        <SectionHeader
          id="features-title"
          title="Why Sellers Choose Us"
          intro="A simple, transparent way to get paid for the supplies you no longer need."
        />
        <ul className="feature-grid">
          {trustFeatures.map((feature) => (
            <li key={feature.id} className="card feature-card">
              <span className="feature-card__icon">{featureIcons[feature.id]}</span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section className="page-section page-section--tinted" aria-labelledby="how-title">
      <div className="container">
        <SectionHeader
          id="how-title"
          title="How It Works"
          intro="Four easy steps from your shelf to your wallet."
        />
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__icon">{stepIcons[index]}</span>
              <span className="step__number">Step {index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function PaymentMethodsSection() {
  const settings = useSettings();
  return (
    <section className="page-section" aria-labelledby="payment-title">
      <div className="container">
        <SectionHeader
          id="payment-title"
          title="Payment Methods"
          intro="Choose how you want to be paid when you check out."
        />
        <PayoutMethods paymentMethods={settings.payment_methods} />
      </div>
    </section>
  );
}

function Acceptance() {
  return (
    <section className="page-section page-section--tinted" aria-labelledby="accept-title">
      <AcceptanceNotice headingId="accept-title" title="What We Accept" />
    </section>
  );
}

function Brands() {
  return (
    <section className="page-section" aria-labelledby="brands-title">
      <div className="container">
        <SectionHeader
          id="brands-title"
          title="Brands We Accept"
          intro="A sample of the brands we buy. See the full list and prices in our catalogue."
        />
        <ul className="brand-grid">
          {brands.map((brand) => (
            <li key={brand.name} className="card brand-card">
              <div className="brand-card__head">
                <h3>{brand.name}</h3>
                {brand.popular && <span className="badge badge--accent">Popular</span>}
              </div>
              <p>{brand.models.join(' · ')}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className="page-section page-section--tinted" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeader id="testimonials-title" title="What Our Customers Say" />
        <ul className="testimonial-grid">
          {testimonials.map((t) => (
            <li key={t.name} className="card testimonial">
              <QuoteIcon size={28} className="testimonial__quote-icon" />
              <div className="testimonial__stars" role="img" aria-label="Rated 5 out of 5">
                {[1, 2, 3, 4, 5].map((n) => (
                  <StarIcon key={n} size={16} />
                ))}
              </div>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <p className="testimonial__author">
                <strong>{t.name}</strong> <span>{t.place}</span>
              </p>
            </li>
          ))}
        </ul>
        <dl className="stats">
          {stats.map((s) => (
            <div key={s.label} className="stat">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section className="page-section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta-band">
          <div>
            <h2 id="cta-title">Ready to get paid for your unused strips?</h2>
            <p>See what your boxes are worth in seconds. Shipping is on us.</p>
          </div>
          <Link to={paths.products.path} className="btn btn--light btn--lg">
            See Prices &amp; Start Selling
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  usePageTitle(paths.home.title);
  return (
    <>
      <Hero />
      <TrustFeatures />
      <HowItWorks />
      <PaymentMethodsSection />
      <Acceptance />
      <Brands />
      <Testimonials />
      <ClosingCta />
    </>
  );
}
