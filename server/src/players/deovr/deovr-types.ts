/** DeoVR JSON (user-needs §9.1, xbvr-facts §3.10): the shapes this server answers. */

export interface DeoLibraryItem {
  id?: number;
  title: string;
  videoLength: number;
  thumbnailUrl: string;
  video_url: string;
}

export interface DeoLibrary {
  authorized: '1' | '0' | '-1';
  scenes: { name: string; list: DeoLibraryItem[] | null }[];
}

export interface DeoVideoSource {
  resolution: number;
  height: number;
  width: number;
  size: number;
  url: string;
}

export interface DeoEncoding {
  name: string;
  videoSources: DeoVideoSource[];
}

export interface DeoChromaKey {
  enabled: boolean | string;
  hasAlpha: boolean | string;
  h: number;
  opacity: number;
  s: number;
  threshold: number;
  v: number;
}

export interface DeoVideo {
  id: number;
  title: string;
  authorized: 1;
  description: string;
  date: number;
  paysite: { id: number; name: string; is3rdParty: boolean };
  isFavorite: boolean;
  isScripted: boolean;
  isWatchlist: boolean;
  is3d: boolean;
  thumbnailUrl: string;
  rating_avg: number;
  screenType: string;
  stereoMode: string;
  videoLength: number;
  videoPreview?: string;
  encodings: DeoEncoding[];
  encodings_spatial: DeoEncoding[];
  timeStamps: { ts: number; name: string }[];
  actors: { id: number; name: string }[];
  categories: { tag: { id: number; name: string } }[];
  fleshlight: { title: string; url: string }[];
  hsp: { title: string; url: string }[];
  chromakey?: DeoChromaKey;
  fullVideoReady: true;
  fullAccess: true;
}
