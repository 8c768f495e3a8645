import { useEffect } from 'react';
import { useSettings } from '../lib/settings/settings-context';

/** '{title} | {site name}', or the site name alone for pages without a title of their own. */
export const formatPageTitle = (title: string | null | undefined, siteName: string): string =>
  title ? `${title} | ${siteName}` : siteName;

export function usePageTitle(title: string | null | undefined): void {
  const { site_name } = useSettings();
  useEffect(() => {
    document.title = formatPageTitle(title, site_name);
  }, [title, site_name]);
}
