import * as THREE from 'three';
import { DEFAULT_FOV, clampFov, dragLook, lookDirection, turnLook, zoomFov } from './look-geometry';
import type { LookAngles } from './look-geometry';
import { buildDome, isStereo, lookLimit } from './projection-geometry';
import type { DomeMesh, Eye, SphereSpec } from './projection-geometry';

/** A three.js view of a playing <video> on the inside of a sphere or fisheye dome. */
export interface VrView {
  readonly canvas: HTMLCanvasElement;
  /** Turns the view by a drag of (dx, dy) pixels. */
  drag(dx: number, dy: number): void;
  /** Turns the view by degrees (look keys). */
  turn(dLon: number, dLat: number): void;
  /** Zooms by a wheel turn; answers the new field of view. */
  zoom(deltaY: number): number;
  getFov(): number;
  /** Sets the field of view (clamped 30–130); answers it. */
  setFov(fov: number): number;
  resize(width: number, height: number): void;
  /** Shows the video in the headset until the session ends; the page view then comes back as it was. */
  enterXr(session: XRSession): Promise<void>;
  dispose(): void;
}

const RADIUS = 500;
/** three.js eye layers in WebXR: the left eye camera sees layer 1, the right eye camera layer 2. */
const EYE_LAYER: Readonly<Record<Eye, number>> = { left: 1, right: 2 };

function domeGeometry(mesh: DomeMesh): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
  geometry.setAttribute('uv', new THREE.BufferAttribute(mesh.uvs, 2));
  geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
  return geometry;
}

/**
 * Builds the renderer; throws when the browser has no WebGL (the caller then shows the plain video). Stereo
 * video gets one surface per eye: the page view (and the left eye in a headset) shows the left eye's
 * picture, the right eye in a headset the right eye's, through three.js camera layers.
 */
export function createVrView(
  video: HTMLVideoElement,
  spec: SphereSpec,
  width: number,
  height: number,
): VrView {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(width, height);
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');

  const texture = new THREE.VideoTexture(video);
  texture.colorSpace = THREE.SRGBColorSpace;
  const material = new THREE.MeshBasicMaterial({ map: texture, side: THREE.DoubleSide });
  const scene = new THREE.Scene();
  const eyes: readonly Eye[] = isStereo(spec) ? ['left', 'right'] : ['left'];
  const geometries = eyes.map((eye) => {
    const geometry = domeGeometry(buildDome(spec, eye, RADIUS));
    const mesh = new THREE.Mesh(geometry, material);
    if (isStereo(spec)) mesh.layers.set(EYE_LAYER[eye]);
    scene.add(mesh);
    return geometry;
  });

  const camera = new THREE.PerspectiveCamera(DEFAULT_FOV, width / height, 0.1, RADIUS * 4);
  camera.layers.enable(EYE_LAYER.left);
  const limit = lookLimit(spec);
  let look: LookAngles = { lon: 0, lat: 0 };
  let fov = DEFAULT_FOV;
  let size = { width, height };
  let session: XRSession | null = null;

  const aim = () => {
    const [x, y, z] = lookDirection(look);
    camera.lookAt(x, y, z);
  };
  const project = () => {
    camera.fov = fov;
    camera.aspect = size.width / size.height;
    camera.zoom = 1;
    camera.updateProjectionMatrix();
  };
  aim();
  renderer.setAnimationLoop(() => renderer.render(scene, camera));

  const onSessionEnd = () => {
    session = null;
    // The headset moved the camera: put the page view back.
    camera.position.set(0, 0, 0);
    renderer.setSize(size.width, size.height);
    project();
    aim();
  };

  return {
    canvas: renderer.domElement,
    drag(dx, dy) {
      look = dragLook(look, dx, dy, limit);
      aim();
    },
    turn(dLon, dLat) {
      look = turnLook(look, dLon, dLat, limit);
      aim();
    },
    zoom(deltaY) {
      fov = zoomFov(fov, deltaY);
      project();
      return fov;
    },
    getFov: () => fov,
    setFov(next) {
      fov = clampFov(next);
      project();
      return fov;
    },
    resize(nextWidth, nextHeight) {
      if (nextWidth <= 0 || nextHeight <= 0) return;
      size = { width: nextWidth, height: nextHeight };
      if (session) return;
      renderer.setSize(nextWidth, nextHeight);
      project();
    },
    async enterXr(next) {
      session = next;
      next.addEventListener('end', onSessionEnd, { once: true });
      await renderer.xr.setSession(next);
    },
    dispose() {
      renderer.setAnimationLoop(null);
      if (session) void session.end().catch(() => undefined);
      for (const geometry of geometries) geometry.dispose();
      material.dispose();
      texture.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
