import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
// The scenes list is the page most visits open first: it comes with the app, not as a chunk fetched after it.
import ScenesPage from '../features/scenes/ScenesPage';
// The login page too: an open tab whose session ends must show it even when the server's files changed since.
import LoginPage from '../features/auth/LoginPage';
import { LOGIN_PATH } from '../features/auth/login-location';
import { RequireLogin } from '../features/auth/RequireLogin';
import { DetailsUrlSync } from './details-url/DetailsUrlSync';
import { AppLayout } from './layout/AppLayout';

const ActorsPage = lazy(() => import('../features/actors/ActorsPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const OptionsPage = lazy(() => import('../features/options/OptionsPage'));

/**
 * The hash routes (/ui/#/...): the login page on its own; behind the login gate, the scenes list, then one
 * lazily loaded page each; unknown paths go to the list. On every page the address names the details overlays
 * shown (DetailsUrlSync).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route element={<RequireLogin />}>
        <Route
          element={
            <>
              <DetailsUrlSync />
              <AppLayout />
            </>
          }
        >
          <Route index element={<ScenesPage />} />
          <Route path="actors" element={<ActorsPage />} />
          <Route path="files" element={<FilesPage />} />
          <Route path="options" element={<OptionsPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
