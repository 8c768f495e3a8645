/*
 * A second entry script, tiny and needing nothing else: index.html runs it before the app's, so the first
 * page's chunk, its styles and the API answers it renders from start downloading alongside React and the app,
 * not after they have arrived and run. main.tsx then takes the same downloads.
 */
import { preloadFirstVisit } from './app/pages';

preloadFirstVisit(window.location.pathname).catch(() => undefined);
