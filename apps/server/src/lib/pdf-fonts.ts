import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/**
 * The PDFs' fonts: Noto Sans (Latin with Vietnamese, Greek, Cyrillic), and where the text needs them
 * Noto Sans Arabic and Noto Sans SC (Chinese, and Japanese kana). The TrueType files ship in npm
 * packages and are resolved from this module, so the compiled dist/server.js finds them too.
 *
 * pdfkit embeds only the glyphs a document uses (a subset). A font is read the first time text needs
 * it, and kept parsed for the next documents (the first layout with a font parses its OpenType tables,
 * about 300 ms): the small Latin and Arabic fonts for the life of the process, the 10 MB Chinese font
 * until it has not been used for a while.
 */
const require = createRequire(import.meta.url);
// Each path is written out in a require.resolve call, so that dependency checks (knip) see the packages.
const files = {
  Sans: () => require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  'Sans-Bold': () => require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  Arabic: () => require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  'Arabic-Bold': () => require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
  CJK: () => require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  'CJK-Bold': () => require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
type FontName = keyof typeof files;

/** How long the Chinese font stays parsed after its last use. */
const CJK_KEEP_MS = 2 * 60_000;
const opened = new Map<FontName, { font: Font; release?: NodeJS.Timeout }>();

/** The parsed font (fontkit, which pdfkit draws with and takes as a font source). */
function openFont(name: FontName): Font {
  let entry = opened.get(name);
  if (!entry) {
    // fontkit is loaded with the first PDF, like pdfkit.
    const fontkit = require('fontkit') as typeof import('fontkit');
    entry = { font: fontkit.create(fs.readFileSync(files[name]())) as Font };
    opened.set(name, entry);
  }
  if (name.startsWith('CJK')) {
    clearTimeout(entry.release);
    entry.release = setTimeout(() => opened.delete(name), CJK_KEEP_MS).unref();
  }
  return entry.font;
}

/** Makes `name` the document's current font. */
function useFont(doc: PDFKit.PDFDocument, name: FontName): PDFKit.PDFDocument {
  // pdfkit takes a fontkit font as a source (its types list only paths and bytes); `name` keys it in the document.
  return doc.font(openFont(name) as unknown as PDFKit.Mixins.PDFFontSource, name);
}

/** Registers Noto Sans as 'Sans' and 'Sans-Bold' on a new document, for text in fixed English. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('Sans', openFont('Sans') as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Sans-Bold', openFont('Sans-Bold') as unknown as PDFKit.Mixins.PDFFontSource);
}

type Family = 'Sans' | 'Arabic' | 'CJK';
export type Weight = 'regular' | 'bold';

const fontName = (family: Family, weight: Weight): FontName => (weight === 'bold' ? `${family}-Bold` : family);

// By script, plus the blocks of each script's own punctuation and marks. Not by Script_Extensions: that
// also claims shared characters such as the middle dot "·" for Han, which Noto Sans draws.
const arabic = /[\p{Script=Arabic}\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/u;
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\u30fb\u30fc\uff00-\uffef]/u;

/**
 * `text` cut into runs that each one font can draw: Arabic and CJK characters in their fonts, the
 * rest in Noto Sans. Spaces between two words of the same script stay in that script's run, so an
 * Arabic name of two words is shaped and ordered right to left as one run.
 */
export function fontRuns(text: string): { family: Family; text: string }[] {
  const chars = [...text.normalize('NFC')];
  const families = chars.map((c): Family | null =>
    /\s/.test(c) ? null : arabic.test(c) ? 'Arabic' : cjk.test(c) ? 'CJK' : 'Sans',
  );
  const runs: { family: Family; text: string }[] = [];
  chars.forEach((c, i) => {
    let family = families[i] ?? null;
    if (family === null) {
      const before = runs.at(-1)?.family;
      const after = families.slice(i + 1).find((f) => f !== null);
      family = before && before === after ? before : 'Sans';
    }
    const last = runs.at(-1);
    if (last && last.family === family) last.text += c;
    else runs.push({ family, text: c });
  });
  return runs;
}

/**
 * Per font family, the `features` option of pdfkit's text, which it hands to fontkit:
 * - Noto Sans without `ccmp`: that feature splits a letter such as "ị" into "i" and a combining dot, and
 *   pdfkit then maps the plain "i" glyph to "ị" for copy and search (every later "i" extracts as "ị");
 *   the font's precomposed letters look the same. fontkit takes an object of feature switches, which
 *   pdfkit's types do not list.
 * - Arabic with an empty list: without features pdfkit lays out each word on its own, which shapes each
 *   word but leaves the words of a right-to-left run in left-to-right order; with any list it lays out
 *   the whole run, which fontkit orders right to left.
 */
const features: Record<Family, PDFKit.Mixins.TextOptions['features']> = {
  Sans: { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[],
  Arabic: [],
  CJK: undefined,
};

/**
 * `doc.text` with the font chosen per run: one call for text in one script, a chain of continued
 * calls for mixed text. The size and colour are the document's current ones.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  weight: Weight,
  text: string,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const runs = fontRuns(text);
  if (!runs.length) runs.push({ family: 'Sans', text: '' });
  runs.forEach((run, i) => {
    useFont(doc, fontName(run.family, weight));
    const runOptions = { features: features[run.family], ...options, continued: i < runs.length - 1 };
    // Only the first run is placed; pdfkit reads `text(s, undefined, undefined, options)` as having no options.
    if (i === 0 && (x !== undefined || y !== undefined)) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  return doc;
}
