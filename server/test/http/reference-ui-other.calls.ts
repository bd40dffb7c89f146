import {
  ACTOR_LIST_BODY,
  BACKUP_QUERY,
  SCENE_LIST_BODY,
  idOf,
  restoreBody,
  type WireCall,
} from './reference-ui-wire';

/* Saved searches, StashDB without a key, external references and tasks (xbvr-wire §7, §8, §9, §11). */

export const OTHER_CALLS: WireCall[] = [
  // Saved searches (§9)
  {
    ui: '§9 store/sceneList.js',
    method: 'GET',
    url: '/api/playlist',
    reads: ['[]', '[].id', '[].name', '[].search_params'],
  },
  { ui: '§9 store/actorList.js', method: 'GET', url: '/api/playlist/actor', reads: ['[]'] },
  {
    ui: '§9 scenes/SavedSearch.vue',
    method: 'POST',
    url: '/api/playlist',
    body: () => ({
      name: 'Wire search',
      is_deo_enabled: true,
      is_smart: true,
      search_params: JSON.stringify(SCENE_LIST_BODY),
    }),
    reads: ['id'],
    keep: (answer, ids) => {
      ids.playlist = idOf(answer);
    },
  },
  {
    ui: '§9 actors/SavedSearch.vue',
    method: 'POST',
    url: '/api/playlist',
    body: () => {
      const { offset: _offset, limit: _limit, ...filters } = ACTOR_LIST_BODY;
      return {
        name: 'Wire actors',
        is_deo_enabled: false,
        is_smart: true,
        playlist_type: 'actor',
        search_params: JSON.stringify(filters),
      };
    },
    reads: ['id'],
  },
  {
    ui: '§9 scenes/SavedSearch.vue',
    method: 'PUT',
    url: '/api/playlist/{playlist}',
    body: () => ({
      name: 'Wire search 2',
      is_deo_enabled: false,
      is_smart: true,
      search_params: JSON.stringify(SCENE_LIST_BODY),
    }),
    reads: ['id'],
  },
  { ui: '§9 scenes/SavedSearch.vue', method: 'DELETE', url: '/api/playlist/{playlist}', reads: [] },
  // StashDB without a key (§8)
  {
    ui: '§8 SearchStashdbScenes.vue (no key)',
    method: 'GET',
    url: '/api/extref/stashdb/search/{scene}?q=Wire Title',
    reads: ['Status', 'Results[]'],
  },
  {
    ui: '§8 SearchStashdbActors.vue (no key)',
    method: 'GET',
    url: '/api/extref/stashdb/searchactor/{ann}?q=Wire Ann',
    reads: ['Status', 'Results[]'],
  },
  {
    ui: '§8 scenes/Details.vue (relink)',
    method: 'POST',
    url: '/api/extref/edit_link',
    body: (ids) => ({
      external_source: 'alternate scene wirealt',
      external_id: 'wirealt-1',
      internal_table: 'scenes',
      internal_db_id: ids.scene,
      internal_name_id: ids.sceneKey,
      match_type: 99999,
    }),
    reads: [],
  },
  {
    ui: '§8 scenes/Details.vue (JSON body on DELETE)',
    method: 'DELETE',
    url: '/api/extref/delete_extref',
    body: () => ({ external_source: 'alternate scene wirealt', external_id: 'wirealt-1' }),
    reads: [],
  },
  // Tasks (§7, §11)
  { ui: '§7 Cache.vue', method: 'GET', url: '/api/task/index', reads: [] },
  { ui: '§7 Previews.vue', method: 'GET', url: '/api/task/preview/generate', reads: [] },
  { ui: '§7 Cache.vue', method: 'GET', url: '/api/task/scene-refresh', reads: [] },
  { ui: '§7 Storage.vue', method: 'GET', url: '/api/task/rescan/{volume}', reads: [] },
  { ui: '§7 Storage.vue', method: 'GET', url: '/api/task/rescan', reads: [] },
  { ui: '§7 Funscripts.vue (a link)', method: 'GET', url: '/api/task/funscript/export-all', reads: [] },
  { ui: '§7 Funscripts.vue (a link)', method: 'GET', url: '/api/task/funscript/export-new', reads: [] },
  {
    ui: '§10 OptionsSceneDataScrapers.vue',
    method: 'POST',
    url: '/api/options/scraper/delete-scenes',
    body: (ids) => ({ scraper_id: ids.emptySite }),
    reads: [],
  },
  {
    ui: '§11.1 OptionsSceneDataImportExport.vue',
    method: 'GET',
    url: `/api/task/bundle/backup?${BACKUP_QUERY}`,
    reads: ['status'],
  },
  {
    ui: '§11.2 OptionsSceneDataImportExport.vue (a file read in the browser)',
    method: 'POST',
    url: '/api/task/bundle/restore',
    body: () =>
      restoreBody({ timestamp: '2024-05-01T00:00:00Z', bundleVersion: '2', volumes: [], scenes: [] }),
    reads: [],
  },
];
