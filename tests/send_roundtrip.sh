#!/bin/bash
# The send round trip, on a scratch copy of patches/ and stable/ and a
# repository on build/linux's objects whose b4 branches make tree makes
# from patches/ (TREE, PATCHES, STABLE_DIR name the originals), sent as
# the sender make sign made them, or while they carry the placeholder as
# a test identity: make send SEND=1 is refused while the mails carry it;
# make sign, make export; refused with a stamp of other patches; then the
# stamp and make send SEND=1 REFLECT=1 to a local SMTP sink (tests/smtp_sink.py): a mail a file,
# each posting a thread on its cover letter, the To/Cc that make export
# wrote, the sender alone in the envelope, no placeholder, and git am of
# the mails onto base gives build/src's tree. make send STABLE=1: a mail
# a backport, to stable@ and STABLE_CC, the 6.12.y one git am'ed onto
# build/stable's base giving the backport.
. "$(dirname "$0")/../stages/lib.sh"
set -E
fail() { printf 'FAIL send round trip: %s\n' "$*"; exit 1; }
trap 'fail "unexpected error at line $LINENO"' ERR
/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null || fail "Debian's python3 lacks aiosmtpd: apt-get install python3-aiosmtpd"
git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null 2>&1 || fail "no tree in $TREE: run make tree"
tmp=$(mktemp -d) pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
start_sink() {
	: >"$1" && rm -f "$tmp/port"
	timeout 600 /usr/bin/python3 "$TOP/tests/smtp_sink.py" "$1" "$tmp/port" 600 2>"$tmp/sink.log" &
	pid=$!
	for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
	[ -s "$tmp/port" ] || fail "the SMTP sink did not listen within 10 s"
	git config --global sendemail.smtpServer 127.0.0.1
	git config --global sendemail.smtpServerPort "$(cat "$tmp/port")"
}
# wait_mails MBOX N: until MBOX has N mails (10 s), then stop the sink.
wait_mails() {
	for _ in $(seq 100); do [ "$(grep -c '^From mboxrd@z ' "$1")" -lt "$2" ] || break; sleep 0.1; done
	kill "$pid" && wait "$pid" 2>/dev/null || true
	pid=
	[ "$(grep -c '^From mboxrd@z ' "$1")" = "$2" ] || fail "$(grep -c '^From mboxrd@z ' "$1") mails arrived, not $2"
}
hdr() { unfold "$1" | sed -n "/^\$/q; s/^$2: *//Ip" | head -n 1; }
emails() { grep -oE '[[:alnum:]._%+=-]+@[[:alnum:].-]+' | tr '[:upper:]' '[:lower:]' | sort -u; }

export GIT_CONFIG_GLOBAL=$tmp/gitconfig GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_COUNT=0
# The sender: the one make sign made the patches', else a test identity.
id=$(sed '/^$/q' "$(series | sed -n 1p)" | git mailinfo /dev/null /dev/null) unsigned=$(placeholder $(series))
name=$(sed -n 's/^Author: //p' <<<"$id") sender=$(sed -n 's/^Email: //p' <<<"$id")
[ -z "$unsigned" ] || name="Round Trip" sender=rt@roundtrip-mail.dev
git config --global user.name "$name" && git config --global user.email "$sender"
mkdir "$tmp/top" && cp -r "$PATCHES" "$tmp/top/patches" && cp -r "$STABLE_DIR" "$tmp/top/stable"
git -C "$tmp/top" init -q && git -C "$tmp/top" add -A && git -C "$tmp/top" commit -q -m copy
git init -q "$tmp/linux" && echo "$TREE/.git/objects" >"$tmp/linux/.git/objects/info/alternates"
git -C "$tmp/linux" fetch -q "$TREE" 'refs/tags/base:refs/tags/base'
stable_tree=$BUILD/stable
export TREE=$tmp/linux PATCHES=$tmp/top/patches STABLE_DIR=$tmp/top/stable BUILD=$tmp/build STAMP=$tmp/build/test-passed.stamp SRC
# The copy's b4 branches, made from patches/ by make tree (build/src is the same).
"$TOP/stages/tree.sh" >"$tmp/out" 2>&1 || fail "make tree of the copy: $(tail -n 3 "$tmp/out")"
send() { printf '\n%.0s' {1..20} | timeout 300 env "$@" "$TOP/stages/send.sh" >"$tmp/out" 2>&1; }

start_sink "$tmp/mbox"
[ -z "$unsigned" ] || { tested_hash >"$STAMP" && ! send SEND=1 REFLECT=1 && grep -q 'placeholder' "$tmp/out"; } || fail "the placeholder's mails were not refused: $(tail -n 3 "$tmp/out")"
"$TOP/stages/sign.sh" >/dev/null 2>&1 && "$TOP/stages/export.sh" >/dev/null 2>&1 || fail "make sign or make export failed"
echo other >"$STAMP"
! send SEND=1 REFLECT=1 && grep -q 'run make test first' "$tmp/out" || fail "SEND=1 with a stamp of other patches was not refused: $(tail -n 3 "$tmp/out")"
[ ! -s "$tmp/mbox" ] || fail "a refused send sent mail"
tested_hash >"$STAMP"
send SEND=1 REFLECT=1 || fail "make send SEND=1 REFLECT=1: $(tail -n 5 "$tmp/out")"
mapfile -t files < <(find "$PATCHES" -name '[0-9][0-9][0-9][0-9]-*.patch' | LC_ALL=C sort)
wait_mails "$tmp/mbox" ${#files[@]}
mkdir "$tmp/mails" && git mailsplit --mboxrd -o"$tmp/mails" "$tmp/mbox" >/dev/null
! grep -qE "$PLACEHOLDER_RE" "$tmp"/mails/* || fail "a mail carries the placeholder"
am=()
for f in "${files[@]}"; do
	m=
	for c in "$tmp"/mails/*; do [ "$(hdr "$c" Subject)" != "$(hdr "$f" Subject)" ] || m=$c; done
	[ -n "$m" ] || fail "no mail for ${f#"$PATCHES"/}"
	[ "$(hdr "$m" X-Envelope-To)" = "$sender" ] || fail "${f##*/} went to $(hdr "$m" X-Envelope-To), not the sender alone"
	miss=$(comm -23 <(printf '%s\n%s\n' "$(hdr "$f" To)" "$(hdr "$f" Cc)" | emails) <(printf '%s\n%s\n' "$(hdr "$m" To)" "$(hdr "$m" Cc)" | emails))
	[ -z "$miss" ] || fail "${f##*/}: not in To/Cc: $miss"
	c=$(cover "${f%/*}")
	if [[ $f == */0000-* ]]; then [ -z "$(hdr "$m" In-Reply-To)" ] || fail "the cover letter ${f##*/} is a reply"
	else
		am+=("$m")
		[ -z "$c" ] || [ "$(hdr "$m" In-Reply-To)" = "$(hdr "$(for x in "$tmp"/mails/*; do [ "$(hdr "$x" Subject)" != "$(hdr "$c" Subject)" ] || echo "$x"; done)" Message-Id)" ] ||
			fail "${f##*/} does not reply to its cover letter"
	fi
done
[ -z "$(git -C "$TREE" tag -l 'sent/*')" ] || fail "REFLECT=1 tagged a version as sent"
git -C "$TREE" worktree add -q --no-checkout --detach "$tmp/wt" base
git -C "$SRC" diff --name-only base HEAD | git -C "$tmp/wt" sparse-checkout set --no-cone --stdin
git -C "$tmp/wt" checkout -q && git -C "$tmp/wt" am -q "${am[@]}" >"$tmp/am.log" 2>&1 || fail "git am of the mails: $(tail -n 3 "$tmp/am.log")"
[ "$(git -C "$tmp/wt" rev-parse 'HEAD^{tree}')" = "$(git -C "$SRC" rev-parse 'HEAD^{tree}')" ] || fail "the mails, git am'ed on base, are not build/src's tree"
echo "PASS send round trip: ${#files[@]} mails"

mapfile -t backports < <(series "${STABLE_POSTINGS[@]}")
((${#backports[@]})) || exit 0
start_sink "$tmp/stable.mbox"
send SEND=1 STABLE=1 || fail "make send STABLE=1: $(tail -n 5 "$tmp/out")"
wait_mails "$tmp/stable.mbox" ${#backports[@]}
mkdir "$tmp/smails" && git mailsplit --mboxrd -o"$tmp/smails" "$tmp/stable.mbox" >/dev/null
. "${STABLE_CONF:-$TOP/stable.conf}"
for m in "$tmp"/smails/*; do
	[ -z "$(hdr "$m" In-Reply-To)" ] || fail "backport $(hdr "$m" Subject) is a reply"
	[ -z "$(comm -23 <(emails <<<"stable@vger.kernel.org, $STABLE_CC") <(hdr "$m" X-Envelope-To | emails))" ] || fail "backport to $(hdr "$m" X-Envelope-To), not stable@ and STABLE_CC"
done
if [ -e "$stable_tree/.git" ]; then
	# A scratch repository on build/stable's objects, the patch's files checked out.
	git init -q "$tmp/s" && echo "$stable_tree/.git/objects" >"$tmp/s/.git/objects/info/alternates"
	git -C "$tmp/s" fetch -q "$stable_tree" refs/tags/base:refs/tags/base
	sed -n 's|^diff --git a/\(.*\) b/.*|/\1|p' "${backports[0]}" | git -C "$tmp/s" sparse-checkout set --no-cone --stdin
	git -C "$tmp/s" checkout -q --detach base && git -C "$tmp/s" am -q "${backports[0]}" && tree=$(git -C "$tmp/s" rev-parse 'HEAD^{tree}')
	git -C "$tmp/s" checkout -q --detach base && git -C "$tmp/s" am -q "$tmp/smails/0001" || fail "git am of the backport mail onto its base"
	[ "$(git -C "$tmp/s" rev-parse 'HEAD^{tree}')" = "$tree" ] || fail "the backport mail, git am'ed, is not the backport"
fi
echo "PASS send round trip STABLE=1: ${#backports[@]} mails"
