import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
// The scenes list is the page most visits open first: it comes with the app, not as a chunk fetched after it.
import ScenesPage from '../features/scenes/ScenesPage';
import { AppLayout } from './layout/AppLayout';

const ActorsPage = lazy(() => import('../features/actors/ActorsPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const OptionsPage = lazy(() => import('../features/options/OptionsPage'));

/** The hash routes (/ui/#/...): the scenes list, then one lazily loaded page each; unknown paths go to the list. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<ScenesPage />} />
        <Route path="actors" element={<ActorsPage />} />
        <Route path="files" element={<FilesPage />} />
        <Route path="options" element={<OptionsPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
