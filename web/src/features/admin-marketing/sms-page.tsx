import { adminSmsMessages as m } from '@shared/messages';
import { AlertIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSmsSettings } from './api/sms-settings';
import { BackToMarketing } from './components/back-to-marketing';
import { SmsHistoryCard } from './components/sms-history';
import { BulkSmsCard, TestSmsCard } from './components/sms-send-cards';
import { TwilioSettingsCard } from './components/twilio-settings-card';
import './marketing.css';

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
        <StatePanel icon={<AlertIcon size={32} />} title={m.settingsLoadFailed} tone="error">
          <div className="button-row button-row--center">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void settings.refetch()}
              disabled={settings.isFetching}
            >
              Try again
            </button>
          </div>
        </StatePanel>
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
