// The base first: the entry chunk's own stylesheets (header, footer...) come after it and win a tie.
import './styles.css';
import './components/notice.css';
// Shared by two pages' chunks, so on their own they would be a stylesheet that loads after the page's and beats
// the page's own rules for them (.confirmation-tips li, the order detail's stacked table); here they load
// before every page, as they did in the base.
import './components/check-list.css';
import './components/order-table.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/pages';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The first page's download began in the preload entry (preload.ts), before this script had arrived; this
// takes the same download. A failed download is not fatal here: the page tries again when it renders, and
// shows its error there.
const firstPage = preloadPage(window.location.pathname).catch(() => undefined);

// The first render is a transition, so React renders it in slices of a few milliseconds and lets the browser
// paint and take input between them, instead of one task that blocks a slow phone for a few hundred ms. Its
// first commit is App's own start-up screen, the same markup as index.html's, shown until the settings and the
// first page's download are in (SettingsProvider, FirstPageGate).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App firstPage={firstPage} />
    </StrictMode>,
  );
});
