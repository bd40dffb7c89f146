import type { BundleSection, SectionCounts } from '@fovea/contract';

/** How each section is named in a report's one-line message. */
const SECTION_NOUNS: Record<BundleSection, string> = {
  volumes: 'storage locations',
  playlists: 'saved searches',
  sites: 'sites',
  scenes: 'scenes',
  sceneFileLinks: 'matched files',
  unmatchedFiles: 'unmatched files',
  sceneCuepoints: 'cuepoints',
  sceneHistory: 'watch sessions',
  actions: 'scene edits',
  akas: 'aka groups',
  tagGroups: 'tag groups',
  externalReferences: 'external references',
  actors: 'actors',
  actionActors: 'actor edits',
  config: 'settings',
  foveaCustomSites: 'custom sites',
};

const number = (value: number) => value.toLocaleString('en-GB');

/** "1,234 scenes (1,000 added, 234 updated), 56 actors (56 added)" for the sections that have records. */
export function describeSections(
  sections: Partial<Record<BundleSection, SectionCounts>>,
  view: 'applied' | 'read',
): string {
  const parts: string[] = [];
  for (const [section, counts] of Object.entries(sections) as [BundleSection, SectionCounts][]) {
    if (view === 'read') {
      if (counts.read > 0) parts.push(`${number(counts.read)} ${SECTION_NOUNS[section]}`);
      continue;
    }
    const changed = counts.added + counts.updated;
    if (changed === 0 && counts.skipped === 0) continue;
    const detail = [
      counts.added > 0 ? `${number(counts.added)} added` : '',
      counts.updated > 0 ? `${number(counts.updated)} updated` : '',
      counts.skipped > 0 ? `${number(counts.skipped)} skipped` : '',
    ].filter((part) => part !== '');
    parts.push(`${number(changed)} ${SECTION_NOUNS[section]} (${detail.join(', ')})`);
  }
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** " 12 records were rejected (see the list)." or ''. */
export function describeRejected(total: number): string {
  if (total === 0) return '';
  return ` ${number(total)} record${total === 1 ? ' was' : 's were'} rejected (see the list).`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
