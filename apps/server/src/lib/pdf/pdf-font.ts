import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans SC (OFL), shipped as an npm package: Chinese, Japanese kana and kanji, Latin with
 * accents in one face, so a statement in any of the four languages is text, not pictures. Resolved
 * through node_modules, which works from the sources and from the built bundle alike; read once
 * (10 MB), and PDFKit embeds only the glyphs a document uses (a subset).
 */
const FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

let cached: Buffer | null = null;

export function documentFont(): Buffer {
  cached ??= readFileSync(createRequire(import.meta.url).resolve(FONT));
  return cached;
}
