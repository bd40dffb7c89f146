import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where everything Fovea writes lives, inside the data folder. */
export interface DataPaths {
  root: string;
  logs: string;
  backups: string;
  /** Downloaded and resized images, sharded by hash. */
  images: string;
  /** Scene preview clips: previews/<scene_id>.mp4. */
  previews: string;
  /** Funscript heatmap PNGs. */
  heatmaps: string;
  /** Video frames of scenes without a cover: frames/<scene id>-<file id>.jpg. */
  frames: string;
  /** Content bundles and exports offered for download. */
  downloads: string;
  /** The owner's scraper definitions (YAML); one with a built-in id overrides it. */
  scrapers: string;
  tmp: string;
}

export function dataPaths(root: string): DataPaths {
  return {
    root,
    logs: join(root, 'logs'),
    backups: join(root, 'backups'),
    images: join(root, 'images'),
    previews: join(root, 'previews'),
    heatmaps: join(root, 'heatmaps'),
    frames: join(root, 'frames'),
    downloads: join(root, 'downloads'),
    scrapers: join(root, 'scrapers'),
    tmp: join(root, 'tmp'),
  };
}

export function ensureDataPaths(paths: DataPaths): void {
  for (const dir of Object.values(paths)) mkdirSync(dir, { recursive: true });
}
