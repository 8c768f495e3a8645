import { adminSmsMessages as m } from '@shared/messages';
import { LoadingState } from '../../components/loading-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSmsSettings } from './api/sms-settings';
import { BackToMarketing } from './components/back-to-marketing';
import { SmsHistoryCard } from './components/sms-history';
import { BulkSmsCard, TestSmsCard } from './components/sms-send-cards';
import { TwilioSettingsCard } from './components/twilio-settings-card';
import './marketing.css';
import { LoadFailed } from './components/load-failed';

/** Spec 001 §2 'SMS marketing (/admin/marketing/sms)'. */
export function SmsPage() {
  usePageTitle(m.title);
  const settings = useSmsSettings();

  return (
    <div className="admin-page marketing-page">
      <BackToMarketing />
      <div className="admin-page__header">
        <h1 className="admin-page__title">{m.title}</h1>
      </div>

      {settings.isPending ? (
        <LoadingState message="Loading Twilio settings..." />
      ) : settings.isError ? (
        <LoadFailed title={m.settingsLoadFailed} query={settings} page />
      ) : (
        <>
          <TwilioSettingsCard settings={settings.data} />
          <div className="marketing-columns">
            <TestSmsCard settings={settings.data} />
            <BulkSmsCard settings={settings.data} />
          </div>
        </>
      )}
      <SmsHistoryCard />
    </div>
  );
}
