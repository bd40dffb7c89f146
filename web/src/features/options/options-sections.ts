/** The Options page menu (options-spec §2): three groups, one section shown at a time, default Storage. */

export const OPTIONS_SECTIONS = [
  'storage',
  'previews',
  'cache',
  'schedules',
  'security',
  'scrapers',
  'create-scene',
  'funscripts',
  'data',
  'players',
  'dlna',
  'web',
  'advanced',
] as const;
export type OptionsSectionId = (typeof OPTIONS_SECTIONS)[number];

export const DEFAULT_OPTIONS_SECTION: OptionsSectionId = 'storage';
/** The query parameter holding the section: /options?section=web. */
export const SECTION_PARAM = 'section';

type SectionKey =
  | 'storage'
  | 'previews'
  | 'cache'
  | 'schedules'
  | 'security'
  | 'scrapers'
  | 'createScene'
  | 'funscripts'
  | 'dataImportExport'
  | 'players'
  | 'dlna'
  | 'web'
  | 'advanced';

export interface OptionsSectionInfo {
  id: OptionsSectionId;
  titleKey: `options.sections.${SectionKey}.title`;
  descriptionKey: `options.sections.${SectionKey}.description`;
}

export interface OptionsGroup {
  labelKey: 'options.groups.options' | 'options.groups.sceneData' | 'options.groups.interfaces';
  sections: readonly OptionsSectionInfo[];
}

export const OPTIONS_GROUPS: readonly OptionsGroup[] = [
  {
    labelKey: 'options.groups.options',
    sections: [
      {
        id: 'storage',
        titleKey: 'options.sections.storage.title',
        descriptionKey: 'options.sections.storage.description',
      },
      {
        id: 'previews',
        titleKey: 'options.sections.previews.title',
        descriptionKey: 'options.sections.previews.description',
      },
      {
        id: 'cache',
        titleKey: 'options.sections.cache.title',
        descriptionKey: 'options.sections.cache.description',
      },
      {
        id: 'schedules',
        titleKey: 'options.sections.schedules.title',
        descriptionKey: 'options.sections.schedules.description',
      },
      {
        id: 'security',
        titleKey: 'options.sections.security.title',
        descriptionKey: 'options.sections.security.description',
      },
    ],
  },
  {
    labelKey: 'options.groups.sceneData',
    sections: [
      {
        id: 'scrapers',
        titleKey: 'options.sections.scrapers.title',
        descriptionKey: 'options.sections.scrapers.description',
      },
      {
        id: 'create-scene',
        titleKey: 'options.sections.createScene.title',
        descriptionKey: 'options.sections.createScene.description',
      },
      {
        id: 'funscripts',
        titleKey: 'options.sections.funscripts.title',
        descriptionKey: 'options.sections.funscripts.description',
      },
      {
        id: 'data',
        titleKey: 'options.sections.dataImportExport.title',
        descriptionKey: 'options.sections.dataImportExport.description',
      },
    ],
  },
  {
    labelKey: 'options.groups.interfaces',
    sections: [
      {
        id: 'players',
        titleKey: 'options.sections.players.title',
        descriptionKey: 'options.sections.players.description',
      },
      {
        id: 'dlna',
        titleKey: 'options.sections.dlna.title',
        descriptionKey: 'options.sections.dlna.description',
      },
      {
        id: 'web',
        titleKey: 'options.sections.web.title',
        descriptionKey: 'options.sections.web.description',
      },
      {
        id: 'advanced',
        titleKey: 'options.sections.advanced.title',
        descriptionKey: 'options.sections.advanced.description',
      },
    ],
  },
];

export function isOptionsSection(value: string | null): value is OptionsSectionId {
  return value !== null && (OPTIONS_SECTIONS as readonly string[]).includes(value);
}

/** The section named in the URL, or the default for a missing or unknown one. */
export function parseOptionsSection(value: string | null): OptionsSectionId {
  return isOptionsSection(value) ? value : DEFAULT_OPTIONS_SECTION;
}

export function findOptionsSection(id: OptionsSectionId): OptionsSectionInfo {
  for (const group of OPTIONS_GROUPS) {
    const found = group.sections.find((section) => section.id === id);
    if (found) return found;
  }
  throw new Error(`Unknown options section ${id}`);
}
