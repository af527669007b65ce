#!/bin/bash
# make send: b4 send of each b4 branch of build/linux (POSTINGS="NAME..."
# for some); without SEND=1 a dry run: each mail's From, Subject, To, Cc
# as b4 send -o writes them; REFLECT=1: b4 send --reflect. b4 does the
# rest (sendemail.*, the Enter it waits for, the sent tag, the next
# version). STABLE=1: git send-email (--dry-run without SEND=1) of the
# backports in stable/, a mail each, to stable@ and stable.conf's
# STABLE_CC. SEND=1 sends only what make test passed on
# (build/test-passed.stamp), what patches/ has, without the placeholder.
. "$(dirname "$0")/lib.sh"
lock_build
[ "${SEND:-0}" != 1 ] || [ "$(cat "$STAMP" 2>/dev/null)" = "$(tested_hash)" ] || die "make test has not passed on patches/ and stable/ as they are: run make test first"
tmp=$(mktemp -d) stale=
trap 'rm -rf "$tmp"' EXIT
if [ "${STABLE:-0}" = 1 ]; then
	mapfile -t mails < <(series "${STABLE_POSTINGS[@]}")
	. "${STABLE_CONF:-$TOP/stable.conf}"
	to=(--to=stable@vger.kernel.org --cc="$STABLE_CC")
	[ "${REFLECT:-0}" != 1 ] || to=(--to="$ME")
	gse=(timeout 1800 git send-email --from="$ME" --no-thread --suppress-cc=all --confirm=never --no-format-patch --8bit-encoding=UTF-8 "${to[@]}")
else
	git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null || die "no $TREE: run make tree"
	names=${POSTINGS:-$(git -C "$TREE" for-each-ref --format='%(refname:lstrip=3)' refs/heads/b4/)}
	for name in $names; do
		b4_out "$name" "$tmp/$name"
		for f in "$tmp/$name"/*.patch; do
			python3 "$TOP/stages/mail.py" same "$PATCHES/$name/${f##*/}" "$f" 2>/dev/null ||
				stale="b4/$name is not what $PATCHES/$name has (${f##*/}): make export, make test, then make send"
		done
	done
	mapfile -t mails < <(find "$tmp" -name '*.patch' | LC_ALL=C sort)
fi
((${#mails[@]})) || die "nothing to send"
held=$(placeholder "${mails[@]}" | sed "s|^$tmp/||" | paste -sd' ')
if [ "${SEND:-0}" != 1 ]; then
	if [ "${STABLE:-0}" = 1 ]; then "${gse[@]}" --dry-run "${mails[@]}"; fi
	for f in ${names:+"${mails[@]}"}; do unfold "$f" | sed -n '1,/^$/s/^\(From\|Subject\|To\|Cc\): /    &/p'; done
	[ -z "$held" ] || warn "$held still carry the placeholder identity: make sign first"
	[ -z "$stale" ] || warn "$stale"
	log "dry run: SEND=1 sends"
	exit 0
fi
[ -z "$held" ] || die "$held still carry the placeholder identity: make sign, make export, make test first"
[ -z "$stale" ] || die "$stale"
[ "${STABLE:-0}" != 1 ] || exec "${gse[@]}" "${mails[@]}"
for name in $names; do
	git -C "$BUILD/b4-wt" checkout -q --ignore-other-worktrees "b4/$name"
	# b4 asks for Enter: one line of ours each, for each posting's own.
	{ IFS= read -r l && echo "$l" || true; } | (cd "$BUILD/b4-wt" && timeout 3600 b4 send --no-sign --not-me-too $([ "${REFLECT:-0}" != 1 ] || echo --reflect)) ||
		die "b4 send of b4/$name failed (b4 says why above)"
	git -C "$BUILD/b4-wt" checkout -q --detach
done
