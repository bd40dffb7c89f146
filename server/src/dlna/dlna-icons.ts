import { DLNA_IMAGES } from '@fovea/contract';
import sharp from 'sharp';

export type DlnaImage = (typeof DLNA_IMAGES)[number];

/** Our own drawings of the DLNA icon choices (128×128 view box), rendered to PNG with sharp. */
const DRAWINGS: Record<DlnaImage, string> = {
  default:
    '<rect x="8" y="20" width="112" height="88" rx="14" fill="#3b82f6"/>' +
    '<circle cx="44" cy="62" r="18" fill="#fff"/><circle cx="84" cy="62" r="18" fill="#fff"/>' +
    '<circle cx="44" cy="62" r="8" fill="#1e3a8a"/><circle cx="84" cy="62" r="8" fill="#1e3a8a"/>',
  asterix:
    '<g stroke="#f59e0b" stroke-width="16" stroke-linecap="round">' +
    '<line x1="64" y1="14" x2="64" y2="114"/><line x1="21" y1="39" x2="107" y2="89"/>' +
    '<line x1="21" y1="89" x2="107" y2="39"/></g>',
  checkmark:
    '<circle cx="64" cy="64" r="56" fill="#16a34a"/>' +
    '<path d="M34 66 L56 88 L96 42" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>',
  collision:
    '<path d="M64 6 L76 44 L116 30 L90 62 L122 88 L80 84 L72 122 L56 88 L14 104 L40 70 L8 42 L50 46 Z" fill="#ef4444"/>' +
    '<path d="M64 34 L70 54 L92 50 L78 66 L94 80 L72 78 L66 98 L58 80 L38 86 L52 68 L36 52 L56 54 Z" fill="#fde047"/>',
  doughnut:
    '<circle cx="64" cy="64" r="54" fill="#d97706"/><circle cx="64" cy="64" r="46" fill="#f472b6"/>' +
    '<circle cx="64" cy="64" r="16" fill="#fff"/>' +
    '<g fill="#fff"><rect x="38" y="34" width="10" height="4" rx="2"/><rect x="82" y="40" width="10" height="4" rx="2"/>' +
    '<rect x="40" y="86" width="10" height="4" rx="2"/><rect x="80" y="88" width="10" height="4" rx="2"/></g>',
  gem:
    '<path d="M34 18 H94 L120 48 L64 114 L8 48 Z" fill="#06b6d4"/>' +
    '<path d="M8 48 H120 M34 18 L48 48 L64 114 L80 48 L94 18" fill="none" stroke="#cffafe" stroke-width="4"/>',
  ghost:
    '<path d="M20 116 V58 A44 44 0 0 1 108 58 V116 L94 104 L80 116 L64 104 L48 116 L34 104 Z" fill="#e5e7eb" stroke="#6b7280" stroke-width="4"/>' +
    '<circle cx="48" cy="58" r="9" fill="#111827"/><circle cx="80" cy="58" r="9" fill="#111827"/>',
  'heart-decoration':
    '<rect x="8" y="8" width="112" height="112" rx="18" fill="#c026d3"/>' +
    '<path d="M64 100 C20 72 24 36 46 34 C56 33 62 40 64 46 C66 40 72 33 82 34 C104 36 108 72 64 100 Z" fill="#fff"/>',
  'no-entry-sign':
    '<circle cx="64" cy="64" r="54" fill="none" stroke="#dc2626" stroke-width="14"/>' +
    '<line x1="26" y1="26" x2="102" y2="102" stroke="#dc2626" stroke-width="14"/>',
  'open-folder':
    '<path d="M10 30 H50 L60 40 H110 V100 H10 Z" fill="#ca8a04"/>' +
    '<path d="M22 54 H122 L106 104 H8 Z" fill="#facc15"/>',
  rainbow:
    '<g fill="none" stroke-width="10">' +
    '<path d="M14 100 A50 50 0 0 1 114 100" stroke="#ef4444"/><path d="M24 100 A40 40 0 0 1 104 100" stroke="#f59e0b"/>' +
    '<path d="M34 100 A30 30 0 0 1 94 100" stroke="#22c55e"/><path d="M44 100 A20 20 0 0 1 84 100" stroke="#3b82f6"/></g>',
  rocket:
    '<path d="M64 8 C88 28 92 60 84 92 H44 C36 60 40 28 64 8 Z" fill="#e5e7eb" stroke="#475569" stroke-width="4"/>' +
    '<circle cx="64" cy="48" r="12" fill="#38bdf8" stroke="#475569" stroke-width="4"/>' +
    '<path d="M44 72 L24 100 L44 96 Z M84 72 L104 100 L84 96 Z" fill="#ef4444"/>' +
    '<path d="M50 92 L64 122 L78 92 Z" fill="#f97316"/>',
  television:
    '<rect x="10" y="30" width="108" height="76" rx="10" fill="#334155"/>' +
    '<rect x="20" y="40" width="88" height="56" rx="4" fill="#7dd3fc"/>' +
    '<path d="M44 8 L64 30 L84 8" fill="none" stroke="#334155" stroke-width="6"/>' +
    '<rect x="40" y="108" width="48" height="8" rx="3" fill="#334155"/>',
  videogame:
    '<path d="M30 40 H98 C114 40 122 60 122 80 C122 100 110 108 100 100 L86 88 H42 L28 100 C18 108 6 100 6 80 C6 60 14 40 30 40 Z" fill="#4b5563"/>' +
    '<rect x="26" y="60" width="28" height="8" fill="#fff"/><rect x="36" y="50" width="8" height="28" fill="#fff"/>' +
    '<circle cx="90" cy="56" r="6" fill="#ef4444"/><circle cx="102" cy="68" r="6" fill="#22c55e"/>' +
    '<circle cx="78" cy="68" r="6" fill="#3b82f6"/><circle cx="90" cy="80" r="6" fill="#eab308"/>',
};

export function isDlnaImage(name: string): name is DlnaImage {
  return (DLNA_IMAGES as readonly string[]).includes(name);
}

export function iconSvg(name: DlnaImage): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">${DRAWINGS[name]}</svg>`;
}

/**
 * PNGs of the icons at a size, made once per (name, size) and kept (14 names × a few sizes: a few hundred KB
 * at most). An unknown name falls back to `default`.
 */
export class DlnaIcons {
  private readonly cache = new Map<string, Promise<Buffer>>();

  names(): string[] {
    return [...DLNA_IMAGES];
  }

  png(name: string, size: number): Promise<Buffer> {
    const image: DlnaImage = isDlnaImage(name) ? name : 'default';
    const key = `${image}@${size}`;
    let png = this.cache.get(key);
    if (!png) {
      png = sharp(Buffer.from(iconSvg(image)), { density: Math.max(72, Math.ceil((72 * size) / 128)) })
        .resize(size, size)
        .png()
        .toBuffer();
      this.cache.set(key, png);
      png.catch(() => this.cache.delete(key));
    }
    return png;
  }
}
