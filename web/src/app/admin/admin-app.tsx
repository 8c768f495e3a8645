import { Route, Routes } from 'react-router';
import { watchAuth } from '../../features/auth/auth-session';
import { RequireAdmin } from '../../features/auth/require-admin';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { paths } from '../../paths';
import { adminDashboard, adminPages } from '../admin-pages';
import { LazyPageView, lazyPage } from '../lazy-page';
import { AdminLayout } from './admin-layout';
import '../../features/auth/auth.css';
import './admin.css';
import './admin-content.css';

watchAuth();

// Each back-office page is a chunk of its own, like the public pages (the table in app/admin-pages.ts, which a
// first visit preloads from); this frame (guard, layout, Amplify) is one.
const dashboardPage = lazyPage(adminDashboard.page);
/** Relative paths under the router's `/admin/*` with what each shows. */
const pages = adminPages
  .filter((route) => route !== adminDashboard)
  .map(({ path, page }) => ({
    path: path.slice(`${paths.admin.path}/`.length),
    page: lazyPage(page),
  }));

/** Everything under /admin: behind the guard, inside the admin layout. Unknown paths show the 404 page. */
export function AdminApp() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<LazyPageView page={dashboardPage} />} />
          {pages.map(({ path, page }) => (
            <Route key={path} path={path} element={<LazyPageView page={page} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
