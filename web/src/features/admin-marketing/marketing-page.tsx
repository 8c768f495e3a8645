import { marketingMessages as m } from '@shared/messages';
import type { MarketingStats } from '@shared/schemas/admin-marketing';
import { Link } from 'react-router';
import { ArrowRightIcon, MailIcon, PhoneIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { useMarketingStats } from './api/get-marketing-stats';
import { marketingPaths } from './marketing-paths';
import './marketing.css';
import './marketing-overview.css';
import { LoadFailed } from './components/load-failed';

const count = (n: number) => n.toLocaleString('en-US');
const rate = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <div className="admin-stat" data-testid={testId}>
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      <p className="admin-stat__hint">{hint}</p>
    </div>
  );
}

function Figures({ stats }: { stats: MarketingStats }) {
  return (
    <section className="admin-stats" aria-label={`Last ${stats.days} days`}>
      <Figure
        label={m.smsSent}
        value={count(stats.smsSent)}
        hint={`${count(stats.smsDelivered)} delivered`}
        testId="stat-sms-sent"
      />
      <Figure
        label={m.emailsSent}
        value={count(stats.emailsSent)}
        hint={`${count(stats.emailsBounced)} bounced`}
        testId="stat-emails-sent"
      />
      <Figure
        label={m.smsSuccessRate}
        value={rate(stats.smsSuccessRate)}
        hint={`${count(stats.smsFailed)} failed or undelivered`}
        testId="stat-sms-rate"
      />
      <Figure
        label={m.emailSuccessRate}
        value={rate(stats.emailSuccessRate)}
        hint={`${count(stats.emailsFailed)} failed`}
        testId="stat-email-rate"
      />
    </section>
  );
}

/** Spec 001 §2 'Marketing (/admin/marketing)': the two channels' cards and the last 30 days' figures. */
export function MarketingPage() {
  usePageTitle(paths.adminMarketing.title);
  const stats = useMarketingStats();

  return (
    <div className="admin-page marketing-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">{m.title}</h1>
      </div>

      <ul className="marketing-channels">
        <li>
          <Link to={marketingPaths.sms} className="marketing-channel">
            <span className="marketing-channel__icon" aria-hidden="true">
              <PhoneIcon size={24} />
            </span>
            <span className="marketing-channel__text">
              <span className="marketing-channel__title">{m.smsCard}</span>
              <span className="marketing-channel__hint">{m.smsCardHint}</span>
            </span>
            <ArrowRightIcon size={20} />
          </Link>
        </li>
        <li>
          <Link to={marketingPaths.email} className="marketing-channel">
            <span className="marketing-channel__icon" aria-hidden="true">
              <MailIcon size={24} />
            </span>
            <span className="marketing-channel__text">
              <span className="marketing-channel__title">{m.emailCard}</span>
              <span className="marketing-channel__hint">{m.emailCardHint}</span>
            </span>
            <ArrowRightIcon size={20} />
          </Link>
        </li>
      </ul>

      {stats.isPending ? (
        <LoadingState message="Loading statistics..." />
      ) : stats.isError ? (
        <LoadFailed title={m.statsLoadFailed} query={stats} page />
      ) : (
        <Figures stats={stats.data} />
      )}
    </div>
  );
}
