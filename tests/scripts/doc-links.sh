#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# doc-links.sh ROOT — scripts/rules/check-doc-links.py: on a throw-away tree it
# finds a link to a missing file, to a missing heading, to a file outside
# the tree, and takes a link to a repeated heading (its "-1" anchor), one
# inside a code block and a URL as they are; then every relative link of
# ROOT's README.md and docs resolves.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-doc-links
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3
CHECK=$ROOT/scripts/rules/check-doc-links.py

mkdir -p t/docs
cat >t/README.md <<'MD'
# Top
See [the guide](docs/guide.md#its-2-parts-and-bench) and
[the second](docs/guide.md#twice-1), [a URL](https://example.org/x#y).

```sh
[not a link](docs/none.md)
```
MD
cat >t/docs/guide.md <<'MD'
## Its 2 parts, and `bench/`
## Twice
## Twice
[back](../README.md#top)
MD
python3 "$CHECK" t >out.txt || fail "a tree whose links resolve: $(cat out.txt)"
grep -q '^check-doc-links: 3 relative links, 0 broken$' out.txt ||
	fail "the three links not counted: $(cat out.txt)"

cat >>t/docs/guide.md <<'MD'
[gone](missing.md) and [no heading](../README.md#bottom)
[out](../../elsewhere.md)
MD
touch elsewhere.md
status=0
python3 "$CHECK" t >out.txt || status=$?
[ "$status" = 1 ] || fail "broken links: exit $status, not 1"
grep -q '^docs/guide.md:5: missing.md: no such file$' out.txt || fail "missing file not named: $(cat out.txt)"
grep -q '^docs/guide.md:5: ../README.md#bottom: no heading with this anchor$' out.txt ||
	fail "missing heading not named: $(cat out.txt)"
grep -q '^docs/guide.md:6: ../../elsewhere.md: outside the repository$' out.txt ||
	fail "a link out of the tree not named: $(cat out.txt)"

python3 "$CHECK" "$ROOT" || fail "the project's docs have broken links (above)"
pass
