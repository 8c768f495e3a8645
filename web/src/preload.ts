/*
 * A second entry script, tiny and needing nothing else: index.html runs it before the app's, so the first
 * page's chunk and styles start downloading alongside React and the app, not after they have arrived and run
 * (one round trip fewer before the page can show). main.tsx then takes the same download.
 */
import { preloadPage } from './app/pages';

preloadPage(window.location.pathname).catch(() => undefined);
