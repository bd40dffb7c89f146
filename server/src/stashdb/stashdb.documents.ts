/*
 * The GraphQL documents Fovea sends to StashDB (stash-box). Field and argument names follow the stash-box
 * schema (graphql/schema/schema.graphql and types/scene.graphql): findScene(id), searchScene(term, limit),
 * findStudio(name), queryScenes(input: SceneQueryInput) and searchPerformer(term, limit). `date` is the
 * deprecated twin of `release_date`, still served; it is asked for so an instance without release dates
 * still gives one.
 */

/** What a search result shows and the ranking reads; no fingerprints (a popular scene has hundreds). */
const SUMMARY_FIELDS = `
  id
  title
  details
  release_date
  date
  duration
  deleted
  urls { url }
  images { url }
  studio { id name parent { id name } }
  performers { as performer { id name aliases } }
`;

/** The scene as stored in a `stashdb scene` reference (external_data) when it is linked. */
const FULL_FIELDS = `
  id
  title
  details
  release_date
  date
  production_date
  duration
  code
  director
  deleted
  updated
  urls { url site { id name } }
  images { url width height }
  studio { id name parent { id name } }
  tags { id name }
  performers { as performer { id name disambiguation aliases gender deleted } }
  fingerprints { hash algorithm duration submissions }
`;

export const FIND_SCENE_SUMMARY = `query FindSceneSummary($id: ID!) {
  findScene(id: $id) {${SUMMARY_FIELDS}}
}`;

export const FIND_SCENE_FULL = `query FindScene($id: ID!) {
  findScene(id: $id) {${FULL_FIELDS}}
}`;

export const SEARCH_SCENE = `query SearchScene($term: String!, $limit: Int) {
  searchScene(term: $term, limit: $limit) {${SUMMARY_FIELDS}}
}`;

export const FIND_STUDIO = `query FindStudio($name: String) {
  findStudio(name: $name) { id name }
}`;

export const QUERY_SCENES = `query QueryScenes($input: SceneQueryInput!) {
  queryScenes(input: $input) { count scenes {${SUMMARY_FIELDS}} }
}`;

export const QUERY_SCENE_IDS = `query QuerySceneIds($input: SceneQueryInput!) {
  queryScenes(input: $input) { count scenes { id } }
}`;

export const SEARCH_PERFORMER = `query SearchPerformer($term: String!, $limit: Int) {
  searchPerformer(term: $term, limit: $limit) { id name aliases }
}`;

/**
 * What a performer search shows and a performer link stores (stash-box's Performer type): the facts merged
 * into an actor, the images and the studios with the performer's scene count in each.
 */
const PERFORMER_FIELDS = `
  id
  name
  disambiguation
  aliases
  gender
  deleted
  updated
  birth_date
  country
  ethnicity
  eye_color
  hair_color
  height
  cup_size
  band_size
  waist_size
  hip_size
  breast_type
  career_start_year
  career_end_year
  tattoos { location description }
  piercings { location description }
  urls { url site { id name } }
  images { url width height }
  studios { scene_count studio { id name parent { id name } } }
`;

export const FIND_PERFORMER = `query FindPerformer($id: ID!) {
  findPerformer(id: $id) {${PERFORMER_FIELDS}}
}`;

export const SEARCH_PERFORMER_DETAILS = `query SearchPerformerDetails($term: String!, $limit: Int) {
  searchPerformer(term: $term, limit: $limit) {${PERFORMER_FIELDS}}
}`;

/**
 * The scenes of a studio, newest update first (the linking run of scrape_stash sites, scraper-sites §5): what
 * a `stashdb scene` reference stores, with each URL's type (STUDIO marks the studio's own page of the scene).
 */
const STUDIO_SCENE_FIELDS = `
  id
  title
  details
  release_date
  date
  updated
  duration
  code
  deleted
  urls { url type site { id name } }
  images { url width height }
  studio { id name updated parent { id name } }
  tags { id name }
  performers { as performer { id name disambiguation aliases gender updated } }
  fingerprints { hash algorithm duration submissions }
`;

export const QUERY_STUDIO_SCENES = `query QueryStudioScenes($input: SceneQueryInput!) {
  queryScenes(input: $input) { count scenes {${STUDIO_SCENE_FIELDS}} }
}`;

export const FIND_STUDIO_BY_ID = `query FindStudioById($id: ID) {
  findStudio(id: $id) { id name updated parent { id name } }
}`;

/** The performers of a studio, a page at a time (PerformerQueryInput.studio_id). */
export const QUERY_STUDIO_PERFORMERS = `query QueryStudioPerformers($input: PerformerQueryInput!) {
  queryPerformers(input: $input) { count performers { id name updated gender } }
}`;
