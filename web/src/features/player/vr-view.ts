import * as THREE from 'three';
import { DEFAULT_FOV, dragLook, lookDirection, zoomFov } from './projection-geometry';
import type { LookAngles, ProjectionView } from './projection-geometry';

type SphereView = Extract<ProjectionView, { kind: 'sphere' }>;

/** A three.js view of a playing <video> on the inside of a (half) sphere. */
export interface VrView {
  readonly canvas: HTMLCanvasElement;
  /** Turns the view by a drag of (dx, dy) pixels. */
  drag(dx: number, dy: number): void;
  /** Zooms by a wheel turn; answers the new field of view. */
  zoom(deltaY: number): number;
  dispose(): void;
}

const RADIUS = 500;

/** Builds the renderer; throws when the browser has no WebGL (the caller then shows the plain video). */
export function createVrView(video: HTMLVideoElement, view: SphereView, size: number): VrView {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(size, size);

  const texture = new THREE.VideoTexture(video);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.offset.set(view.crop.offsetX, view.crop.offsetY);
  texture.repeat.set(view.crop.repeatX, view.crop.repeatY);

  const { phiStart, phiLength, thetaStart, thetaLength } = view.shape;
  const geometry = new THREE.SphereGeometry(RADIUS, 64, 48, phiStart, phiLength, thetaStart, thetaLength);
  geometry.scale(-1, 1, 1);
  const material = new THREE.MeshBasicMaterial({ map: texture });
  const scene = new THREE.Scene();
  scene.add(new THREE.Mesh(geometry, material));

  const camera = new THREE.PerspectiveCamera(DEFAULT_FOV, 1, 1, RADIUS * 2);
  let look: LookAngles = { lon: 0, lat: 0 };
  const aim = () => {
    const [x, y, z] = lookDirection(look);
    camera.lookAt(x, y, z);
  };
  aim();
  renderer.setAnimationLoop(() => renderer.render(scene, camera));

  return {
    canvas: renderer.domElement,
    drag(dx, dy) {
      look = dragLook(look, dx, dy, view.degrees);
      aim();
    },
    zoom(deltaY) {
      camera.fov = zoomFov(camera.fov, deltaY);
      camera.updateProjectionMatrix();
      return camera.fov;
    },
    dispose() {
      renderer.setAnimationLoop(null);
      geometry.dispose();
      material.dispose();
      texture.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
