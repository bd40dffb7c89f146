/** TanStack Query keys, one place for every domain, so features can invalidate each other's data. */
export const optionsKeys = {
  all: ['options'] as const,
  state: ['options', 'state'] as const,
  storage: ['options', 'storage'] as const,
  versionCheck: ['options', 'version-check'] as const,
};

export const libraryKeys = {
  summary: ['library', 'summary'] as const,
};

export const filesKeys = {
  all: ['files'] as const,
  page: (request: object) => ['files', 'page', request] as const,
};

export const sceneSearchKeys = {
  all: ['scene-search'] as const,
  query: (q: string) => ['scene-search', q] as const,
};
