import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/AppLayout';

const ScenesPage = lazy(() => import('../features/scenes/ScenesPage'));
const ActorsPage = lazy(() => import('../features/actors/ActorsPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const OptionsPage = lazy(() => import('../features/options/OptionsPage'));

/** The hash routes (/ui/#/...): one lazily loaded page each; unknown paths go to the scenes list. */
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
