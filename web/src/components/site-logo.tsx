import type { PublicSettings } from '@shared/schemas/settings';
import { LogoMark } from './icons';
import './site-logo.css';

/** The uploaded logo when the owner chose to use one, else the mark and the site name. */
export function SiteLogo({ settings }: { settings: PublicSettings }) {
  if (settings.use_logo && settings.logo) {
    return <img className="site-logo__image" src={settings.logo} alt={settings.site_name} height={40} />;
  }
  return (
    <>
      <span className="site-logo__mark">
        <LogoMark size={22} />
      </span>
      <span className="site-logo__name">{settings.site_name}</span>
    </>
  );
}
