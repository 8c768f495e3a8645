import { messages } from '@shared/messages';
import { AlertIcon } from '../components/icons';
import { StatePanel } from '../components/state-panel';
import { usePageTitle } from '../hooks/use-page-title';
import { paths } from '../paths';

/**
 * The routes' fallback. Inside the layout it replaces the page; at the root (the layout itself failed) it
 * stands alone with its own main landmark. Plain anchors reload the app, which is the point after a crash.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  usePageTitle(null);

  const panel = (
    <div className="container page-section">
      <StatePanel
        icon={<AlertIcon size={32} />}
        title={messages.app.unexpected}
        headingLevel={1}
        tone="error"
      >
        <p>
          Something went wrong while showing this page. Please reload the page or go back to the home page.
        </p>
        <div className="button-row button-row--center">
          <a className="btn btn--primary" href={paths.home.path}>
            Back to Home
          </a>
          <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
            Reload Page
          </button>
        </div>
      </StatePanel>
    </div>
  );

  return standalone ? <main className="site-main">{panel}</main> : panel;
}
