import { useEffect, useState } from 'react';

/**
 * True once the browser says it can run an immersive VR session (`navigator.xr.isSessionSupported`); false
 * while asking, without WebXR, and when the answer is no or an error.
 */
export function useImmersiveVrSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const xr = typeof navigator === 'undefined' ? undefined : navigator.xr;
    if (!xr) return undefined;
    let live = true;
    xr.isSessionSupported('immersive-vr').then(
      (answer) => {
        if (live) setSupported(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/** Starts an immersive VR session (call from a click: browsers want a user gesture). */
export async function requestImmersiveVr(): Promise<XRSession> {
  const xr = navigator.xr;
  if (!xr) throw new Error('WebXR is not available');
  return xr.requestSession('immersive-vr');
}
