import { adminEmailMessages as m } from '@shared/messages';
import { LoadingState } from '../../components/loading-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { useEmailSettings } from './api/email-settings';
import { BackToMarketing } from './components/back-to-marketing';
import { EmailLogsCard } from './components/email-logs-card';
import { EmailSettingsCard } from './components/email-settings-card';
import { EmailTemplatesCard } from './components/email-templates-card';
import { TestEmailCard } from './components/test-email-card';
import './marketing.css';
import { LoadFailed } from './components/load-failed';

/** Spec 001 §2 'Email marketing (/admin/marketing/email)'. Each card loads and fails on its own. */
export function EmailPage() {
  usePageTitle(m.title);
  const settings = useEmailSettings();

  return (
    <div className="admin-page marketing-page">
      <BackToMarketing />
      <div className="admin-page__header">
        <h1 className="admin-page__title">{m.title}</h1>
      </div>

      <div className="marketing-columns">
        {settings.isPending ? (
          <LoadingState message="Loading email settings..." />
        ) : settings.isError ? (
          <LoadFailed title={m.loadSettingsFailed} query={settings} page />
        ) : (
          <EmailSettingsCard settings={settings.data} />
        )}
        <TestEmailCard />
      </div>
      <EmailTemplatesCard />
      <EmailLogsCard />
    </div>
  );
}
