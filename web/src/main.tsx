import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/pages';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The first page's download began in the preload entry (preload.ts), before this script had arrived; this
// takes the same download. A failed download is not fatal here: the page tries again when it renders, and
// shows its error there.
const firstPage = preloadPage(window.location.pathname).catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <App firstPage={firstPage} />
  </StrictMode>,
);
