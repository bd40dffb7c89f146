/*
 * Hand-made answers in the public formats of the metadata sources (scraper-sites §4, §6): invented titles,
 * names and ids, only the structure mirrors the real documents and pages.
 */

/** An r18.dev movie document (combined=<id>/json). */
export function r18devMovie(overrides: Record<string, unknown> = {}) {
  return {
    content_id: 'fovr00123',
    dvd_id: 'FOVR-123',
    title_en: '[VR] Rainy Afternoon &amp; Tea',
    title_en_is_machine_translation: false,
    title_ja: 'テスト',
    maker_name_en: 'Invented Maker',
    label_name_en: 'Invented Label',
    release_date: '2024-03-05',
    runtime_mins: 118,
    jacket_full_url: 'https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123pl.jpg',
    jacket_thumb_url: 'https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123ps.jpg',
    gallery: [
      { image_full: 'https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123jp-1.jpg', image_thumb: 'x' },
      { image_full: 'https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123jp-2.jpg', image_thumb: 'y' },
    ],
    actresses: [
      { id: 1, name_romaji: 'Aya Inventa', name_kanji: '発明' },
      { id: 2, name_romaji: 'Mio Fictia', name_kanji: '架空' },
    ],
    categories: [
      { id: 10, name_en: 'Featured Actress', name_ja: 'a' },
      { id: 11, name_en: 'Academy Uniform', name_ja: 'b' },
      { id: 12, name_en: '8KVR', name_ja: 'c' },
      { id: 13, name_en: 'High-Quality VR', name_ja: 'd' },
      { id: 14, name_en: 'Kiss', name_ja: 'e' },
    ],
    ...overrides,
  };
}

/** A ThePornDB scene document (GET /scenes/<slug>). */
export function tpdbSceneDocument() {
  return {
    data: {
      id: 'b6a5a0c3-0000-4000-8000-000000000001',
      _id: 987654,
      title: 'Garden Party Invented',
      type: 'Scene',
      slug: 'invented-vr-garden-party',
      description: '  A made-up scene for tests.  ',
      site_id: 42,
      date: '2023-07-14',
      url: 'https://invented-vr.example/scenes/garden-party',
      image: 'https://cdn.theporndb.example/scenes/garden.jpg',
      duration: 2700,
      performers: [
        { id: 'p1', name: 'Lena Madeup' },
        { id: 'p2', name: 'Rex Notreal' },
      ],
      site: {
        uuid: 's1',
        id: 42,
        name: 'Invented VR',
        short_name: 'inventedvr',
        url: 'https://invented-vr.example',
      },
      tags: [
        { id: 1, tag: 'Blonde' },
        { id: 2, tag: 'Assorted Additional Tags' },
        { id: 3, tag: 'Doggy' },
      ],
    },
  };
}

/** A JavDatabase movie page, table layout. */
export const javDatabaseTablePage = `<!doctype html><html><head><title>FOVR-123 - JavDatabase</title></head><body>
<div class="movietable"><table>
<tr><td class="tablelabel">DVD ID:</td><td class="tablevalue">fovr-123</td></tr>
<tr><td class="tablelabel">Content ID:</td><td class="tablevalue">fovr00123</td></tr>
<tr><td class="tablelabel">Studio:</td><td class="tablevalue"><span>Invented Maker </span> (more)</td></tr>
<tr><td class="tablelabel">Release Date:</td><td class="tablevalue">2024-03-05</td></tr>
<tr><td class="tablelabel">Runtime:</td><td class="tablevalue">118 min.</td></tr>
<tr><td class="tablelabel">Translated Title:</td><td class="tablevalue"> Rainy Afternoon Tea </td></tr>
<tr><td class="tablelabel">Genre(s):</td><td class="tablevalue">
  <a href="https://www.javdatabase.com/genres/blow/">Blow</a>
  <a href="https://www.javdatabase.com/genres/vr-exclusive/">VR Exclusive</a>
  <a href="https://www.javdatabase.com/genres/x/">日本語</a>
  <a href="https://www.javdatabase.com/other/">Not a genre</a>
</td></tr>
</table></div>
<div class="card"><h4 class="subhead">Featured Actress/Idols</h4>
  <div class="card-body"><a class="cut-text" href="https://www.javdatabase.com/idols/aya-inventa/">Aya Inventa</a></div>
  <div class="card-body"><a class="cut-text" href="https://www.javdatabase.com/studios/x/">Not an idol</a></div>
</div>
</body></html>`;

/** A JavDatabase movie page, paragraph layout, with DMM sample links. */
export const javDatabaseParagraphPage = `<!doctype html><html><body>
<p class="mb-1"><b>DVD ID</b>: 3dsvr-0878</p>
<p class="mb-1"><b>Studio</b>: Invented Works</p>
<p class="mb-1"><b>Release Date</b>: 2023-11-02</p>
<p class="mb-1"><b>Genre(s)</b>: <a href="https://www.javdatabase.com/genres/sun-tan/">Sun Tan</a></p>
<a href="https://pics.dmm.co.jp/digital/video/13dsvr00878/13dsvr00878jp-1.jpg">1</a>
<a href="https://pics.dmm.co.jp/digital/video/13dsvr00878/13dsvr00878jp-2.jpg">2</a>
<a href="https://example.com/elsewhere.jpg">3</a>
</body></html>`;

/** A JavLibrary id search answered with a result list. */
export function javLibraryResultList(query: string) {
  return `<!doctype html><html><body>
<div class="boxtitle">"${query}" ID Search Result</div>
<div class="videos">
  <div class="video"><a href="./?v=javnot1"><div class="id">FOVR-1234</div></a></div>
  <div class="video"><a href="./?v=javfovr1"><div class="id">FOVR-123</div></a></div>
</div></body></html>`;
}

/** A JavLibrary movie page. */
export const javLibraryMoviePage = `<!doctype html><html><body>
<div id="video_title"><h3>FOVR-123 Rainy Afternoon Tea Full Title</h3></div>
<img id="video_jacket_img" src="//pics.dmm.co.jp/digital/video/fovr00123/fovr00123pl.jpg">
<div id="video_id"><table><tr><td class="header">ID:</td><td class="text">FOVR-123</td></tr></table></div>
<div id="video_date"><table><tr><td class="header">Release Date:</td><td class="text">2024-03-05</td></tr></table></div>
<span class="maker"><a href="vl_maker.php?m=x">Invented Maker</a></span>
<span class="genre"><a href="vl_genre.php?g=a">Threesome/Foursome</a></span>
<span class="genre"><a href="vl_genre.php?g=b">Hi-Def</a></span>
<span class="star"><a href="vl_star.php?s=a">Aya Inventa</a></span>
<div class="previewthumbs">
  <img src="//pics.dmm.co.jp/digital/video/fovr00123/fovr00123-1.jpg">
  <img src="//pics.dmm.co.jp/digital/video/fovr00123/fovr00123-2.jpg">
</div></body></html>`;

/** A JAV.Land movie page. */
export const javLandMoviePage = `<!doctype html><html><head><title>FOVR-123 Rainy Afternoon Tea - JAV.Land</title></head><body>
<table class="videotextlist">
<tr><td>DVD ID:</td><td>FOVR-123</td></tr>
<tr><td>Content ID:</td><td>fovr00123</td></tr>
<tr><td>Maker:</td><td><a href="/en/maker/1.html">Invented Maker</a></td></tr>
<tr><td>Release Date:</td><td>2024-03-05</td></tr>
<tr><td>Genre(s):</td><td><span class="genre"><a href="/en/genre/1.html">Other Fetish</a></span><span class="genre"><a href="/en/genre/2.html">Solowork</a></span></td></tr>
<tr><td>Cast:</td><td><span class="star"><a href="/en/star/9.html">Mio Fictia</a></span></td></tr>
<tr><td>ignored</td><td>a</td><td>three cells</td></tr>
</table>
<a href="https://pics.vpdmm.cc/digital/video/fovr00123/fovr00123jp-1.jpg">1</a>
<a href="https://pics.dmm.co.jp/digital/video/fovr00123/fovr00123jp-2.jpg">2</a>
</body></html>`;

/** What a site behind Cloudflare answers a scraper. */
export const challengePage = `<!doctype html><html><head><title>Just a moment...</title></head>
<body><div id="cf-challenge">Checking your browser</div></body></html>`;
