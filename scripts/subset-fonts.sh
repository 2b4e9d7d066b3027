#!/usr/bin/env bash
# Regenerates app/fonts/noto-sans-arabic-{400,700}.woff2: the Arabic files of the npm package
# @fontsource/noto-sans-arabic cut down to the letters an Arabic-language shop shows (about 13 KB
# each instead of about 49 KB). See docs/decisions/0016-subset-arabic-font.md.
#
#   bash scripts/subset-fonts.sh
#
# Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Keep UNICODES in step with the `unicode-range` of the @font-face rules in app/app.css
# (app/fonts/fonts.test.ts checks that they match and that every Arabic character of app/ is covered).
set -euo pipefail
cd "$(dirname "$0")/.."

# Arabic punctuation (، ؛ ؟ …); the Arabic letters, tatweel and harakat;
# Arabic-Indic digits, percent and separators, superscript alef, alef wasla; the letters of
# Maghrebi and borrowed words (پ چ ژ ڤ ڧ ڨ ک گ ی); Persian digits; ZWNJ, ZWJ, LRM, RLM.
UNICODES="U+060C-061F,U+0621-065F,U+0660-0671,U+067E,U+0686,U+0698,U+06A4,U+06A7-06A9,U+06AF,U+06CC,U+06F0-06F9,U+200C-200F"
SOURCE=node_modules/@fontsource/noto-sans-arabic/files
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c "import fontTools, brotli" 2>/dev/null; then
  PYTHON=/usr/bin/python3
  "$PYTHON" -c "import fontTools, brotli" || { echo "fontTools and brotli are needed: apt-get install python3-fonttools python3-brotli" >&2; exit 1; }
fi

for weight in 400 700; do
  "$PYTHON" -m fontTools.subset "$SOURCE/noto-sans-arabic-arabic-$weight-normal.woff2" \
    --unicodes="$UNICODES" --layout-features='*' --flavor=woff2 \
    --output-file="app/fonts/noto-sans-arabic-$weight.woff2"
done
cp node_modules/@fontsource/noto-sans-arabic/LICENSE app/fonts/LICENSE
ls -l app/fonts
