#!/bin/bash
# make send: mail each posting of patches/ (its cover letter, if it has
# one, and its patches), as a thread of its own, to the people and lists
# scripts/get_maintainer.pl names, with git send-email; with STABLE=1, the
# backports in stable/ (6.12.y) and stable/6.18.y/ to stable@ and
# stable.conf's STABLE_CC, a mail each.  A
# dry run unless SEND=1.  SMTP_SERVER / SMTP_PORT pick the server; when unset, the user's
# git config (sendemail.smtpServer, smtpUser, smtpEncryption ...) decides,
# and so does it for the login.
. "$(dirname "$0")/lib.sh"

[[ -x $(git --exec-path)/git-send-email ]] ||
	die "'git send-email' is missing: install it with: apt-get install git-email"
need perl perl
perl -MMail::Address -e 1 2>/dev/null ||
	die "git send-email needs Mail::Address: install it with: apt-get install libmailtools-perl"
lock_build

# groups: the folders sent, a thread each. unexported: why the tree has
# work that they lack, if it has.
unexported=
if [[ ${STABLE:-0} == 1 ]]; then
	. "$TOP/stable.conf"
	groups=("${STABLE_POSTINGS[@]}")
	mapfile -t patches < <(series "${groups[@]}")
	((${#patches[@]})) || die "no patches in $TOP/stable: run make stable-tree and make stable-export"
	mails=("${patches[@]}")
	[[ ! -d $BUILD/stable/.git ]] || (FORCE=0 TREE=$BUILD/stable guard_stable) 2>/dev/null ||
		unexported="$BUILD/stable has commits or changes that are not in stable/: run make stable-export and make test first"
	TREE=$TOP # no kernel tree needed: send-email runs here
else
	need_tree
	[[ -x $TREE/scripts/get_maintainer.pl ]] || die "no kernel tree in $TREE: run make tree"
	PATCHES=$(cd "$PATCHES" && pwd) # send-email and get_maintainer.pl run in $TREE
	(FORCE=0 guard_tree exported) 2>/dev/null ||
		unexported="$TREE has commits or changes that are not in patches/: run make export and make test first"
	mapfile -t groups < <(postings)
	((${#groups[@]})) || die "no postings in $PATCHES: run make export"
	mails=()
	for g in "${groups[@]}"; do
		mapfile -t gp < <(series "$g")
		((${#gp[@]})) || die "no patches in $g: run make export"
		cover=$(cover "$g")
		[[ $cover != *$'\n'* ]] && { [[ -n $cover ]] || ((${#gp[@]} == 1)); } ||
			die "$g needs one cover letter, 0000-*.patch, for its ${#gp[@]} patches: run make export"
		mails+=(${cover:+"$cover"} "${gp[@]}")
	done
	mapfile -t patches < <(series)
fi

# send-email does the threading (--thread): the files must not thread already.
for f in "${mails[@]}"; do
	! awk '/^$/ { exit } tolower($0) ~ /^(in-reply-to|references):/ { f = 1 } END { exit !f }' "$f" ||
		die "$f already has In-Reply-To/References: export without --thread (format.thread unset)"
done

# The test sink (tests/smtp_sink.py) is known by the token in its greeting,
# which the round-trip test gives both; no other server is, whatever its
# address: to it the placeholder identity may go, without login.
sink=0
if [[ -n ${SMTP_SINK_TOKEN:-} && -n ${SMTP_SERVER:-} && -n ${SMTP_PORT:-} ]] &&
	greeting=$(timeout 5 bash -c 'exec 3<>"/dev/tcp/$0/$1" && read -r l <&3 && printf "QUIT\r\n" >&3 && echo "$l"' \
		"$SMTP_SERVER" "$SMTP_PORT" 2>/dev/null) && [[ $greeting == *"$SMTP_SINK_TOKEN"* ]]; then
	sink=1
fi
# identity_problem: why these patches may not go out under $ME, if so.
identity_problem() {
	local f
	[[ $ME != "$PLACEHOLDER" && $SIGNOFF_NAME != "${PLACEHOLDER% <*}" ]] ||
		{ echo "the sender is the placeholder $PLACEHOLDER"; return; }
	! stand_in "$SIGNOFF_EMAIL" ||
		{ echo "the sender's address $SIGNOFF_EMAIL is at a reserved domain, it takes no mail"; return; }
	f=$(grep -liE "^(From|Signed-off-by): .*$RESERVED_MAIL" "${mails[@]}" | sed -n 1p) || true
	[[ -z $f ]] || { echo "$(basename "$f") carries a stand-in identity (the placeholder, or an address that takes no mail)"; return; }
	for f in "${patches[@]}"; do
		grep -qxF "Signed-off-by: $ME" "$f" || { echo "$(basename "$f") has no Signed-off-by: $ME"; return; }
	done
}
fix="set your identity (git config --global user.name and user.email, or SIGNOFF_NAME= and SIGNOFF_EMAIL=), then run make export and make test"
problem=$(identity_problem)

unwritten=$(grep -l '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*' "${mails[@]}" | sed -n 1p) || true
[[ -z $unwritten ]] ||
	unwritten="$unwritten still has the *** SUBJECT/BLURB HERE *** placeholders: write the cover letter (after the line \"posting: NAME\" of its marker commit in $TREE), then make export and make test"
if [[ ${SEND:-0} == 1 ]]; then
	[[ -z $unexported ]] || die "$unexported"
	[[ -f $STAMP ]] || die "no proof that the tests passed ($STAMP is missing): run 'make test' first"
	[[ $(cat "$STAMP") == "$(tested_hash)" ]] ||
		die "patches/ changed since 'make test' last passed ($STAMP is stale): run 'make test' again"
	[[ -z $unwritten ]] || die "$unwritten"
	[[ -z $problem ]] || ((sink)) || die "$problem: $fix"
	log "sending for real through ${SMTP_SERVER:-the git config / sendmail}${SMTP_PORT:+ port $SMTP_PORT}"
else
	log "dry run (SEND=1 sends for real)"
	[[ -z $unexported ]] || warn "SEND=1 would be refused, and what it sent would lack your work: $unexported"
	[[ -z $unwritten ]] || warn "SEND=1 would be refused: $unwritten"
	[[ -f $STAMP && $(cat "$STAMP") == "$(tested_hash)" ]] ||
		warn "make test has not passed on these patches ($STAMP): SEND=1 would be refused"
	[[ -z $problem ]] || warn "$problem: SEND=1 would be refused; $fix"
fi

# Recipients, per patch: To = maintainers (M:), Cc = reviewers (R:) and
# lists (L:).  One address per line, as --to-cmd/--cc-cmd want.  No git
# history (--no-git --no-git-fallback): only MAINTAINERS decides.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gm() { get_maintainers "$@"; }
# key FILE: where FILE's recipients are kept: its folder's name and its own.
key() { echo "$tmp/$(basename "$(dirname "$1")")__$(basename "$1")"; }
# uniq_addr [FILE...]: lines with a new address only (case-insensitive).
uniq_addr() { awk '{ a = $0; if (match(a, /<[^>]*>/)) a = substr(a, RSTART + 1, RLENGTH - 2); if (!seen[tolower(a)]++) print }' "$@"; }
# minus_addr A B: the lines of B whose address is not in A.
minus_addr() {
	awk '{ a = $0; if (match(a, /<[^>]*>/)) a = substr(a, RSTART + 1, RLENGTH - 2); a = tolower(a) }
		FILENAME == ARGV[1] { skip[a] = 1; next } !skip[a]' "$1" "$2"
}
if [[ ${STABLE:-0} == 1 ]]; then
	# stable-kernel-rules.rst option 3: to stable@, Cc the upstream
	# author, the maintainer and the lists the upstream patch went to.
	for f in "${patches[@]}"; do
		b=$(key "$f")
		echo stable@vger.kernel.org >"$b.to"
		tr ',' '\n' <<<"$STABLE_CC" | sed 's/^ *//' >"$b.cc"
	done
else
	for g in "${groups[@]}"; do
		tos=() alls=()
		mapfile -t gp < <(series "$g")
		for f in "${gp[@]}"; do
			b=$(key "$f")
			tos+=("$b.to") alls+=("$b.all")
			gm --no-l --no-r "$f" | uniq_addr >"$b.to"
			gm "$f" | uniq_addr >"$b.all"
			minus_addr "$b.to" "$b.all" >"$b.cc"
			[[ -s $b.to || -s $b.cc ]] || die "$(basename "$f"): get_maintainer.pl names nobody to send it to"
			[[ -s $b.to ]] || {
				warn "$(basename "$f"): get_maintainer.pl names no maintainer: it goes To its lists"
				mv "$b.cc" "$b.to" && : >"$b.cc"
			}
		done
		cover=$(cover "$g")
		[[ -n $cover ]] || continue
		b=$(key "$cover") # the cover letter: to everyone
		uniq_addr "${tos[@]}" >"$b.to"
		uniq_addr "${alls[@]}" >"$b.all"
		minus_addr "$b.to" "$b.all" >"$b.cc"
	done
fi
# Listed too: whom send-email adds itself (--suppress-cc=self), the
# patch's author and the people its trailers (Cc:, *-by:) name.
for f in "${mails[@]}"; do
	b=$(key "$f")
	{
		cat "$b.cc"
		git mailinfo "$b.msg" /dev/null <"$f" | sed -n 's/^Author: //p; s/^Email: //p' |
			paste -sd' ' | sed 's/ \([^ ]*\)$/ <\1>/'
		sed -nE 's/^(Cc|[A-Za-z-]+-[Bb]y): //p' "$b.msg" | sed 's/ *#.*//'
	} |
		{ grep -viF "<$SIGNOFF_EMAIL>" || true; } | uniq_addr | minus_addr "$b.to" /dev/stdin >"$b.cc2"
	mv "$b.cc2" "$b.cc"
	log "$(basename "$(dirname "$f")")/$(basename "$f")"
	sed 's/^/    To: /' "$b.to" >&2
	sed 's/^/    Cc: /' "$b.cc" >&2
done

# send-email runs these once per file, with the file's path.
for k in to cc; do
	# shellcheck disable=SC2016 # $1 is the script's own argument
	printf '#!/bin/bash\nexec cat %q/"$(basename "$(dirname "$1")")__$(basename "$1").%s"\n' "$tmp" "$k" >"$tmp/$k-cmd"
	chmod +x "$tmp/$k-cmd"
done

args=(
	--from="$ME"
	--to-cmd="$tmp/to-cmd" --cc-cmd="$tmp/cc-cmd"
	# Recipients from the user's git config (sendemail.to, cc, bcc)
	# would go unlisted: none.
	--no-to --no-cc --no-bcc
	# Shallow threading: every patch a reply to the cover letter.
	--thread --no-chain-reply-to
	--8bit-encoding=UTF-8
	# Keep the automatic Cc of the people in the trailers (Signed-off-by,
	# Cc:, Reported-by ...), as kernel etiquette wants, but not the
	# sender: the lists already bring their own copy back.
	--suppress-cc=self
	# The scripted path never asks.  A maintainer at a terminal would
	# rather review each mail: CONFIRM=always (or git's default, auto).
	--confirm="${CONFIRM:-never}"
	--no-format-patch
)
[[ -n ${SMTP_SERVER:-} ]] && args+=(--smtp-server="$SMTP_SERVER")
[[ -n ${SMTP_PORT:-} ]] && args+=(--smtp-server-port="$SMTP_PORT")
# The test sink: plain SMTP, no login, whatever the git config says for
# the real server.
((sink)) && args+=(--smtp-encryption=none --smtp-auth=none)
[[ ${SEND:-0} == 1 ]] || args+=(--dry-run)

# One thread a posting.
for g in "${groups[@]}"; do
	mapfile -t thread < <(cover "$g"; series "$g")
	log "git send-email ${args[*]} $(basename "$g")/: $(basename "${thread[0]}") ...$(basename "${thread[-1]}")"
	tgit send-email "${args[@]}" "${thread[@]}"
done
