/*
 * The language of a subtitle file from its name (`clip.en.srt`, `clip.eng.srt`, `clip.German.srt`,
 * `clip.pt-BR.srt`), for the web player's text tracks.
 */

/** [ISO 639-1, ISO 639-2 codes, English name, other names people put in file names]. */
const LANGUAGES: readonly (readonly [string, readonly string[], string, readonly string[]])[] = [
  ['en', ['eng'], 'English', []],
  ['de', ['deu', 'ger'], 'German', ['deutsch']],
  ['fr', ['fra', 'fre'], 'French', ['francais', 'français']],
  ['es', ['spa'], 'Spanish', ['espanol', 'español', 'castellano']],
  ['it', ['ita'], 'Italian', ['italiano']],
  ['pt', ['por'], 'Portuguese', ['portugues', 'português']],
  ['nl', ['nld', 'dut'], 'Dutch', ['nederlands']],
  ['ru', ['rus'], 'Russian', ['русский']],
  ['ja', ['jpn'], 'Japanese', ['日本語']],
  ['zh', ['zho', 'chi'], 'Chinese', ['中文']],
  ['ko', ['kor'], 'Korean', ['한국어']],
  ['pl', ['pol'], 'Polish', ['polski']],
  ['sv', ['swe'], 'Swedish', ['svenska']],
  ['no', ['nor', 'nob'], 'Norwegian', ['norsk']],
  ['da', ['dan'], 'Danish', ['dansk']],
  ['fi', ['fin'], 'Finnish', ['suomi']],
  ['cs', ['ces', 'cze'], 'Czech', ['cesky', 'čeština']],
  ['hu', ['hun'], 'Hungarian', ['magyar']],
  ['tr', ['tur'], 'Turkish', ['turkce', 'türkçe']],
  ['el', ['ell', 'gre'], 'Greek', []],
  ['ar', ['ara'], 'Arabic', []],
  ['he', ['heb'], 'Hebrew', []],
  ['hi', ['hin'], 'Hindi', []],
  ['th', ['tha'], 'Thai', []],
  ['vi', ['vie'], 'Vietnamese', []],
  ['id', ['ind'], 'Indonesian', []],
  ['uk', ['ukr'], 'Ukrainian', []],
  ['ro', ['ron', 'rum'], 'Romanian', ['romana', 'română']],
  ['bg', ['bul'], 'Bulgarian', []],
  ['hr', ['hrv'], 'Croatian', ['hrvatski']],
  ['sr', ['srp'], 'Serbian', []],
  ['sk', ['slk', 'slo'], 'Slovak', []],
  ['sl', ['slv'], 'Slovenian', []],
];

const BY_TAG: ReadonlyMap<string, { code: string; name: string }> = new Map(
  LANGUAGES.flatMap(([code, codes, name, others]) =>
    [code, ...codes, name, ...others].map((tag) => [tag.toLowerCase(), { code, name }] as const),
  ),
);

export interface SubtitleLanguage {
  /** A BCP 47 tag ("en", "pt-BR"), or '' when the name says no language Fovea knows. */
  srclang: string;
  /** The language's English name ("Portuguese (BR)"), or the file name without its extension. */
  label: string;
}

/** The language a subtitle file's name gives in its last dotted part before the extension. */
export function subtitleLanguage(filename: string): SubtitleLanguage {
  const base = filename.replace(/\.[^.]*$/, '');
  const tag = /\.([^.]+)$/.exec(base)?.[1]?.trim() ?? '';
  const regional = /^([a-z]{2,3})[-_]([a-z]{2})$/i.exec(tag);
  const language = BY_TAG.get((regional?.[1] ?? tag).toLowerCase());
  if (!language) return { srclang: '', label: base };
  if (!regional?.[2]) return { srclang: language.code, label: language.name };
  const region = regional[2].toUpperCase();
  return { srclang: `${language.code}-${region}`, label: `${language.name} (${region})` };
}
