#!/bin/bash
# The framework's translations (docs/localization.md): one gettext domain, `hubframework`, for the
# strings of HubGTK, HubApp and the viewer, and the viewer's desktop entry and AppStream metadata.
#
#   tools/translations.sh pot          regenerates po/hubframework.pot from po/POTFILES
#   tools/translations.sh check        fails when the .pot is stale, when a Swift file that marks
#                                      strings is missing from po/POTFILES, or a .po does not compile
#   tools/translations.sh build DIR    compiles po/*.po into DIR/locale/LANG/LC_MESSAGES/hubframework.mo
#                                      and writes the translated desktop entry and metainfo into DIR
#
# Swift has no xgettext parser of its own; its string literals are C's, so the C parser reads the
# marked calls: `localized("…")`, `localizedPlural("…", "…", count:)` and a domain's
# `.plural("…", "…", count:)`. A marked message is one literal, without interpolation.
set -euo pipefail
cd "$(dirname "$0")/.."
domain=hubframework
pot=po/$domain.pot
app=org.hubframework.Viewer
fail() { echo "translations: $*" >&2; exit 1; }

# Writes the template for the files of po/POTFILES to $1.
extract() {
  local out=$1 swift=() data=()
  while read -r file; do
    case $file in ''|'#'*) ;; *.swift) swift+=("$file") ;; *) data+=("$file") ;; esac
  done < po/POTFILES
  local common=(--from-code=UTF-8 --add-comments=Translators: --sort-by-file --package-name=hubframework
                "--msgid-bugs-address=The HubFramework for GTK developers")
  xgettext "${common[@]}" --language=C --keyword=localized --keyword=localizedPlural:1,2 --keyword=plural:1,2 \
    --output="$out" "${swift[@]}"
  # The desktop entry and the metainfo through their own parsers (the metainfo's rules come with
  # AppStream), added to the same template.
  xgettext "${common[@]}" --join-existing --output="$out" "${data[@]}"
}

# The template without what changes when nothing a translator sees did: the creation date, and the
# source references (`#: File.swift:12`), which move with every edit above a marked string. A message
# added, removed or changed still makes the template stale.
stable() { grep -v -e '^"POT-Creation-Date:' -e '^#: ' "$1"; }

case ${1:-} in
pot)
  extract "$pot"
  echo "translations: wrote $pot ($(grep -c '^msgid ' "$pot") messages with the header)"
  ;;
check)
  missing=$(grep -rlE '\blocalized(Plural)?\(|\blocalized\.plural\(' Sources --include=*.swift \
    | grep -v '^Sources/GtkKit/Runtime/LocalizedFormat.swift' | sort | comm -23 - <(grep '\.swift$' po/POTFILES | sort))
  [ -z "$missing" ] || fail "these files mark strings but are not in po/POTFILES: $missing"
  fresh=$(mktemp)
  trap 'rm -f "$fresh"' EXIT
  extract "$fresh"
  diff -u <(stable "$pot") <(stable "$fresh") >/dev/null \
    || fail "$pot is stale: run 'tools/translations.sh pot', then update po/*.po with msgmerge (docs/localization.md)"
  for language in $(cat po/LINGUAS); do
    msgfmt --check --output-file=/dev/null "po/$language.po" || fail "po/$language.po does not compile"
    stale=$(msgcmp --use-untranslated "po/$language.po" "$pot" 2>&1) \
      || fail "po/$language.po lacks messages of the template: $stale"
  done
  echo "translations: $pot is current; $(cat po/LINGUAS | xargs) compile and cover it"
  ;;
build)
  out=${2:?usage: tools/translations.sh build DIR}
  for language in $(cat po/LINGUAS); do
    mkdir -p "$out/locale/$language/LC_MESSAGES"
    msgfmt --check --output-file="$out/locale/$language/LC_MESSAGES/$domain.mo" "po/$language.po"
  done
  msgfmt --desktop --template="Resources/$app.desktop.in" -d po --output-file="$out/$app.desktop"
  msgfmt --xml --template="Resources/$app.metainfo.xml.in" -d po --output-file="$out/$app.metainfo.xml"
  ;;
*)
  sed -n '2,12p' "$0" >&2
  exit 2
  ;;
esac
