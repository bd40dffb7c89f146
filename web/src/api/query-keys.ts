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
