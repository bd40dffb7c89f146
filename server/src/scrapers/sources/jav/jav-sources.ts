import type { JavrScraper } from '@fovea/contract';
import type { JavSource } from './jav-source';
import { JavDatabaseSource } from './javdatabase.source';
import { JavLandSource } from './javland.source';
import { JavLibrarySource } from './javlibrary.source';
import { R18devSource } from './r18dev.source';

/** Base URLs of the JAV sources; each defaults to the real site. */
export interface JavSourceBases {
  r18d?: string;
  javdatabase?: string;
  javlibrary?: string;
  javland?: string;
}

/** The four JAV sources by their `s` value (scraper-sites §6). */
export function javSources(bases: JavSourceBases = {}): Record<JavrScraper, JavSource> {
  return {
    r18d: new R18devSource(bases.r18d),
    javdatabase: new JavDatabaseSource(bases.javdatabase),
    javlibrary: new JavLibrarySource(bases.javlibrary),
    javland: new JavLandSource(bases.javland),
  };
}
