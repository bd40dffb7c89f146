import type { File } from '@fovea/contract';
import { Suspense, lazy } from 'react';

const PlayerOverlay = lazy(() => import('./PlayerOverlay'));

interface LazyPlayerOverlayProps {
  /** The file to play; null: nothing shown. */
  file: File | null;
  onClose: () => void;
}

/** The player overlay, loaded on first use so three.js stays out of the pages' bundles. */
export function LazyPlayerOverlay({ file, onClose }: LazyPlayerOverlayProps) {
  if (file === null) return null;
  return (
    <Suspense fallback={null}>
      <PlayerOverlay key={file.id} file={file} onClose={onClose} />
    </Suspense>
  );
}
