import { messages } from '@shared/messages';
import { useSettingsState } from '../lib/settings/settings-context';
import { AlertIcon } from './icons';
import './settings-banner.css';

/** The yellow notice shown while the defaults stand in for settings that failed to load. */
export function SettingsBanner() {
  const { loadFailed } = useSettingsState();
  if (!loadFailed) return null;
  return (
    <div className="settings-banner" role="status">
      <div className="container settings-banner__inner">
        <AlertIcon size={18} />
        <p>{messages.app.settingsFallback}</p>
      </div>
    </div>
  );
}
