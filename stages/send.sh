#!/bin/bash
# make send: each posting of build/linux, its b4 branch b4/NAME, by b4
# send: a dry run unless SEND=1, which sends (REFLECT=1: a copy to the
# sender only) through the SMTP server of the user's git config
# (sendemail.smtpServer and the rest), or SMTP_SERVER / SMTP_PORT (no
# login). With STABLE=1, git send-email of the backports in stable/
# (6.12.y) and stable/6.18.y/, a mail each, to stable@ and stable.conf's
# STABLE_CC.
. "$(dirname "$0")/lib.sh"

lock_build
# The command that sends the rest, with this one's settings.
again="make send$([[ ${STABLE:-0} != 1 ]] || echo ' STABLE=1') SEND=1$([[ ${REFLECT:-0} != 1 ]] || echo ' REFLECT=1')${SMTP_SERVER:+ SMTP_SERVER=$(q "$SMTP_SERVER")}${SMTP_PORT:+ SMTP_PORT=$(q "$SMTP_PORT")}"
given="${GIVEN_SIGNOFF[0]:+ SIGNOFF_NAME=$(q "${GIVEN_SIGNOFF[0]}")}${GIVEN_SIGNOFF[1]:+ SIGNOFF_EMAIL=$(q "${GIVEN_SIGNOFF[1]}")}"
again+=$given

# mails: the files of patches/ (or stable/) that go. unexported: why the
# tree has work that they lack, if it has.
unexported= uncc=
if [[ ${STABLE:-0} == 1 ]]; then
	[[ -x $(git --exec-path)/git-send-email ]] ||
		die "'git send-email' is missing: install it with: apt-get install git-email"
	perl -MMail::Address -e 1 2>/dev/null ||
		die "git send-email needs Mail::Address: install it with: apt-get install libmailtools-perl"
	perl -MAuthen::SASL -MIO::Socket::SSL -e 1 2>/dev/null ||
		die "git send-email needs Authen::SASL and IO::Socket::SSL for a login and TLS: install them with: apt-get install libauthen-sasl-perl libio-socket-ssl-perl"
	. "$TOP/stable.conf"
	# POSTINGS="6.12.y 6.18.y": these backports alone, else both; one
	# that went out as it is (build/stable-sent has it) is left out,
	# unless REFLECT=1 mails the sender alone.
	stable_hash() { series "$1" | xargs -r -d '\n' cat | sha256sum | cut -d' ' -f1; }
	labels=() folders=() sent_before=()
	for d in "${STABLE_POSTINGS[@]}"; do
		label=${d#"$TOP"/stable} label=${label#/}
		label=${label:-6.12.y}
		[[ -z ${POSTINGS:-} || " $POSTINGS " == *" $label "* ]] || continue
		if [[ ${REFLECT:-0} != 1 ]] && [[ -n $(awk -v l="$label" -v h="$(stable_hash "$d")" '$1 == l && $2 == h' "$BUILD/stable-sent" 2>/dev/null) ]]; then
			sent_before+=("$label")
		else
			labels+=("$label") folders+=("$d")
		fi
	done
	read -ra want <<<"${POSTINGS:-}"
	for label in ${want[@]+"${want[@]}"}; do
		[[ " ${labels[*]} ${sent_before[*]} " == *" $label "* ]] ||
			die "POSTINGS=\"$POSTINGS\" names $label, which is no backport: STABLE=1 sends 6.12.y (stable/) and 6.18.y (stable/6.18.y/)"
	done
	rest=("${labels[@]}")
	sent_as="with these very patches (recorded in $(q "$BUILD/stable-sent"))"
	again_how="a backport goes again once it changed (make stable-export, make test); to send one unchanged again, delete its line there"
	[[ ! -d $BUILD/stable/.git ]] || (FORCE=0 TREE=$BUILD/stable guard_stable) 2>/dev/null ||
		unexported="$BUILD/stable has commits or changes that are not in stable/: run make stable-export$given and make test first"
	# A person a trailer of a backport names is mailed only if STABLE_CC
	# has them, by address or name (--suppress-cc=all): one it lacks is
	# named. Its addresses and names, one a line (its entries are "Name
	# <addr>" or "addr"); stable@ is the To.
	cc_addrs=$(sed 's/, */\n/g' <<<"stable@vger.kernel.org, $STABLE_CC" | sed 's/.*<\(.*\)>.*/\1/')
	cc_names=$(sed 's/, */\n/g' <<<"$STABLE_CC" | sed -n 's/ *<.*//p')
	uncc=$(for d in "${folders[@]}"; do
		series "$d" | while read -r f; do notes above "$f" | sed -n 's/^\([A-Za-z-]*-by\|Cc\): *\(.*<[^>]*@[^>]*>\).*/\2/p'; done
	done | sort -u | while read -r who; do
		addr=${who##*<} addr=${addr%%>*} name=${who%% <*}
		grep -qixF "$addr" <<<"$cc_addrs" || { [ -n "$name" ] && grep -qxF "$name" <<<"$cc_names"; } ||
			[[ ${addr,,} == "${SIGNOFF_EMAIL,,}" ]] || stand_in "$who" || echo "$who"
	done | paste -sd, | sed 's/,/, /g')
	if [[ -n $uncc && ${REFLECT:-0} != 1 ]]; then
		uncc="the backports' trailers name $uncc, whom STABLE_CC in stable.conf lacks (nobody else is mailed): add them there"
	else
		uncc=
	fi
	TREE=$TOP # no kernel tree needed: send-email runs here
else
	[ -z "${KERNEL:-}" ] || die "make send sends build/linux's b4 branches; in your own tree ($KERNEL) use b4 send"
	need_tree
	own_config
	guard_worktrees
	[ -z "$(git -C "$TREE" status --porcelain -unormal)" ] ||
		die "$TREE has uncommitted changes, and make send checks out each b4 branch: commit them (then make export) or stash them first"
	# POSTINGS="NAME...": these postings alone (the rest of a send that
	# stopped), else every one.
	mapfile -t names < <(if [[ -n ${POSTINGS:-} ]]; then tr ' ' '\n' <<<"$POSTINGS" | grep . | awk '!seen[$0]++'; else prep_postings; fi)
	((${#names[@]})) || die "no b4 branch in $TREE: run make tree"
	(FORCE=0 guard_tree) 2>/dev/null || unexported="$TREE has commits or changes that are not in patches/"
	gone=$(postings | while read -r p; do
		git -C "$TREE" rev-parse -q --verify "refs/heads/b4/${p##*/}" >/dev/null || echo "${p##*/}"
	done | paste -sd' ')
	[[ -z $gone ]] || unexported="$TREE has no b4 branch for $gone of patches/ (deleted? make export drops them from patches/)"
	patches_applied ||
		unexported="$PATCHES is not what $TREE has (edited, or pulled): run make tree, then make test"
	# A posting is not sent again as a version that went out, nor with
	# the patches (files and messages) of one: b4 made its next version
	# since, or a pull took the tree back. What went out: b4's tags
	# sent/NAME-vN, and $BUILD/sent ("NAME N HASH" lines), which make
	# clean keeps, FORCE=1 or not (it drops the tags). REFLECT=1 mails
	# the sender alone: anything goes.
	sent_before=() sent_where=() rest=()
	declare -A rev hash
	# patches_of REF: the hash of the trees and messages of its patches
	# (the cover commit, which changes no file, left out).
	patches_of() { git -C "$TREE" log --format='%T%n%B' "base..$1" -- . | sha256sum | cut -d' ' -f1; }
	# went_out NAME: "N HASH WHERE" of each version of NAME that went
	# out, and "- HASH WHERE" of every other posting's: the same patches
	# under another name (a posting renamed) went out too.
	went_out() {
		local tag t
		awk -v n="$1" '{ print ($1 == n ? $2 : "-"), $3, "build/sent:" $1 "-v" $2 ($4 == "partly" ? " (in part)" : "") }' "$BUILD/sent" 2>/dev/null || true
		for tag in $(git -C "$TREE" tag -l 'sent/*'); do
			t=${tag#sent/}
			echo "$([ "${t%-v*}" = "$1" ] && echo "${t##*-v}" || echo -) $(patches_of "$tag") tag:$tag"
		done
	}
	for name in "${names[@]}"; do
		git -C "$TREE" rev-parse -q --verify "refs/heads/b4/$name" >/dev/null || die "no posting $name (branch b4/$name) in $TREE"
		[[ -d $PATCHES/$name ]] || die "no posting $name in $PATCHES: run make export"
		rev[$name]=$(git -C "$TREE" log -1 --format=%B "$(cover_commit "$name")" | sed -n 's/^ *"revision": *\([0-9]*\).*/\1/p')
		hash[$name]=$(patches_of "b4/$name")
		if [[ ${REFLECT:-0} != 1 ]] && matched=$(went_out "$name" | awk -v r="${rev[$name]}" -v h="${hash[$name]}" '$1 == r || $2 == h { sub(/^[^ ]* [^ ]* /, ""); print }' | sort -u | paste -sd' ') &&
			[[ -n $matched ]]; then
			sent_before+=("$name")
			sent_where+=("$name: $matched")
			continue
		fi
		# b4 refuses a cover letter with its EDITME lines (a new
		# version's changelog), in a dry run too.
		[[ $(git -C "$TREE" log -1 --format=%B "$(cover_commit "$name")") != *EDITME* ]] ||
			die "b4/$name's cover letter still has b4's EDITME lines (the changelog of its new version): write them (cd $(q "$TREE"); git checkout b4/$name; b4 --offline-mode prep --edit-cover), then make export and make test"
		rest+=("$name")
		[[ $(recorded "$TREE/.git/applied" "refs/heads/b4/$name") == "$(git -C "$TREE" rev-parse "b4/$name")" ]] ||
			unexported="$TREE has commits or changes that are not in patches/"
	done
	sent_as="as this version, or with these very patches, messages included (b4's tags sent/NAME-vN, $(q "$BUILD/sent")${sent_where[*]:+; here: $(IFS=';'; echo "${sent_where[*]}")})"
	again_how="send them again once their patches changed, as a version after the last one sent (b4 --offline-mode prep --force-revision N, if need be, and --edit-cover for the changelog; make export, make test); to send one unchanged again (a RESEND: b4 --offline-mode prep --force-revision N --set-prefixes RESEND, --edit-cover to drop the changelog stub, later --set-prefixes '' for the next version; make export, make test), delete its line in $(q "$BUILD/sent") and its tag (git -C $(q "$TREE") tag -d sent/NAME-vN); one sent in part (\"partly\" there) goes whole again once its line is deleted"
	[[ -z $unexported ]] || [[ $unexported == "$PATCHES"* ]] || unexported+=": run make export$given and make test first"
fi
if ((${#sent_before[@]})); then
	msg="${sent_before[*]} went out already $sent_as: ${rest[*]:+$again POSTINGS=\"${rest[*]}\" sends the rest; }$again_how"
	[[ ${SEND:-0} != 1 ]] || die "$msg"
	warn "left out: $msg"
	((${#rest[@]})) || exit 0
fi
if [[ ${STABLE:-0} == 1 ]]; then
	mapfile -t mails < <(series "${folders[@]}")
	((${#mails[@]})) || die "no patches in $TOP/stable: run make stable-tree and make stable-export"
	# git send-email mails a patch's own To:/Cc: headers, whatever it
	# is told.
	for f in "${mails[@]}"; do
		! grep -qiE '^(To|Cc|Bcc):' <<<"$(unfold "$f" | sed -n '1,/^$/p')" ||
			die "${f#"$TOP"/} has a To:, Cc: or Bcc: header, which git send-email would mail too: remove it (make stable-export writes none), then make test"
	done
	patches=("${mails[@]}")
else
	names=("${rest[@]}")
	mapfile -t mails < <(for name in "${names[@]}"; do cover "$PATCHES/$name"; series "$PATCHES/$name"; done)
	mapfile -t patches < <(series "${names[@]/#/$PATCHES/}")
fi

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
	local f line
	[[ $ME != "$PLACEHOLDER" ]] || { echo "the sender is the placeholder $ME"; return; }
	[[ $SIGNOFF_NAME != "${PLACEHOLDER% <*}" ]] || { echo "the sender $ME has the placeholder's name"; return; }
	! stand_in "$SIGNOFF_EMAIL" ||
		{ echo "the sender's address $SIGNOFF_EMAIL is at a reserved domain, it takes no mail"; return; }
	# Whom a trailer names is Cc'd, in the notes too, whatever follows
	# the address (stable's "# 6.1", a "(v1)"). By ENVIRON: awk -v
	# would take the backslashes.
	f=$(re="^(from|cc|([a-z]+-)*[a-z]+-by):[ \t]+${STAND_IN%\$)}([^a-z0-9.-]|\$))" awk 'FNR == 1 { h = 1 } h && /^\r?$/ { h = 0 }
		(!h || /^From: /) && tolower($0) ~ tolower(ENVIRON["re"]) { print FILENAME "\t" $0; exit }' "${mails[@]}")
	line=${f#*$'\t'} f=${f%%$'\t'*}
	case ${line,,} in
	'') ;;
	from:* | signed-off-by:* | co-developed-by:*)
		echo "${f#"$TOP"/} carries a stand-in identity (the placeholder, or an address that takes no mail)" ;;
	*) echo "${f#"$TOP"/} has \"$line\", an address that takes no mail, which would be Cc'd: mend that line where it is written" ;;
	esac
	[[ -z $f ]] || return 0
	# A cover letter's own To: and Cc: go to every mail of its posting.
	for f in "${mails[@]}"; do
		line=$(unfold "$f" | sed '/^\r\?$/q' | sed -n 's/^\(to\|cc\):[ \t]*//Ip' | tr ',' '\n' |
			sed 's/^[ \t]*//; s/[ \t\r]*$//' | grep -iE -m1 "^$STAND_IN" || true)
		[[ -z $line ]] || { echo "${f#"$TOP"/} is addressed to \"$line\", which takes no mail: take it out of its posting's cover letter (b4 --offline-mode prep --edit-cover)"; return 0; }
	done
	for f in "${patches[@]}"; do
		[[ $(notes above "$f" | grep -i '^Signed-off-by: ' | tail -n1) == "Signed-off-by: $ME" ]] ||
			{ echo "the last Signed-off-by of ${f#"$TOP"/} is not $ME"; return; }
	done
}
problem=$(identity_problem)
how=$([[ ${STABLE:-0} == 1 ]] && echo 'make stable-tree, make stable-export' || echo 'make export')
if [[ $problem == "the sender"* ]]; then # the SIGNOFF_* given are what is wrong
	fix="set your identity (git config user.name and user.email, or SIGNOFF_NAME= and SIGNOFF_EMAIL=), then run $how and make test"
else
	fix="run $how$given and make test"
fi

# A hunk cut short or miscounted by a hand edit (stable/6.18.y's, which
# no tree here applies, and which checkpatch passes) is not mailed.
corrupt=
for f in "${patches[@]}"; do
	why=$(git apply --stat "$f" 2>&1 >/dev/null) || {
		corrupt="git apply cannot read ${f#"$TOP"/} (${why%%$'\n'*}): $([[ $f == */6.18.y/* ]] && echo "mend it there, then run make stable-export" || echo "run $how")$given and make test"
		break
	}
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Of the user's git config b4 and git send-email get the SMTP settings
# alone (not sendemail.toCmd, b4.send-series-cc...), those of the
# identity that b4 (b4.sendemail-identity) or git send-email
# (sendemail.identity) is set to first, and credential.*; with
# SMTP_SERVER=, a server of its own, none: no login of the user's goes
# to it.
B4_GLOBAL=$tmp/sendemail.config
: >"$B4_GLOBAL"
if [[ -z ${SMTP_SERVER:-} ]]; then
	id=$(git -C "$TREE" config "$([[ ${STABLE:-0} == 1 ]] && echo sendemail.identity || echo b4.sendemail-identity)") || true
	for p in sendemail ${id:+"sendemail.$id"}; do
		git -C "$TREE" config --get-regexp "^${p//./\\.}\\.(smtp[a-z]*|envelopesender)\$" | sed "s/^${p//./\\.}\\.//" >"$tmp/smtp" || true
		for k in $(cut -d' ' -f1 "$tmp/smtp" | sort -u); do git config -f "$B4_GLOBAL" --unset-all "sendemail.$k" || true; done
		while read -r k v; do git config -f "$B4_GLOBAL" --add "sendemail.$k" "$v"; done <"$tmp/smtp"
	done
	git -C "$TREE" config --get-regexp '^credential\.' | while read -r k v; do
		git config -f "$B4_GLOBAL" --add "$k" "$v"
	done || true
fi
# b4 sends through sendemail.smtpServer: without one it would take its
# web endpoint, git send-email a sendmail or localhost:25.
server=${SMTP_SERVER:-$(git config -f "$B4_GLOBAL" sendemail.smtpServer || true)}
if [[ ${SEND:-0} == 1 ]]; then
	[[ -n $server ]] || die "no SMTP server: set yours (git config --global sendemail.smtpServer HOST, and smtpServerPort, smtpEncryption, smtpUser as your provider says) or give SMTP_SERVER="
	[[ -z $unexported ]] || die "$unexported"
	[[ -z $uncc ]] || die "$uncc"
	[[ -z $corrupt ]] || die "$corrupt"
	# An export that mends the identity needs make test again.
	[[ -z $problem ]] || ((sink)) || die "$problem: $fix"
	[[ -f $STAMP ]] || die "no proof that the tests passed ($STAMP is missing): run 'make test' first"
	[[ $(cat "$STAMP") == "$(tested_hash)" ]] ||
		die "patches/ or stable/ changed since 'make test' last passed ($STAMP is stale): run 'make test' again"
	log "sending for real through $server${SMTP_PORT:+ port $SMTP_PORT}"
else
	log "dry run (SEND=1 sends for real)"
	[[ -z $unexported ]] || warn "SEND=1 would be refused, and what it sent would lack your work: $unexported"
	[[ -z $uncc ]] || warn "SEND=1 would be refused: $uncc"
	[[ -z $corrupt ]] || warn "$corrupt; SEND=1 would be refused"
	[[ -z $problem ]] || warn "$problem: SEND=1 would be refused; $fix"
	[[ -f $STAMP && $(cat "$STAMP") == "$(tested_hash)" ]] ||
		warn "make test has not passed on these patches ($STAMP): SEND=1 would be refused"
fi

# The dry run shows each mail's subject and recipients: what b4 send -o
# (or git send-email --dry-run) writes with the same configuration.
show() { # show MAIL...: From, Subject, To and Cc of each, unfolded,
	# and the author of a patch not the sender's (its in-body From:)
	local f
	# awk reads to the end: quitting early would kill unfold (SIGPIPE).
	for f; do
		unfold "$f" | awk 'h < 2 && /^$/ { h++; next } !h && /^(From|Subject|To|Cc): *[^ ]/ { print "    " $0 }
			h == 1 { h = 2; if (/^From: /) print "    Author: " substr($0, 7) }'
	done >&2
}
if [[ ${STABLE:-0} == 1 ]]; then
	# stable-kernel-rules.rst: these addresses and no more; REFLECT=1:
	# the sender alone.
	to=(--to=stable@vger.kernel.org --cc="$STABLE_CC") shown="To stable@vger.kernel.org, Cc $STABLE_CC"
	# git send-email splits an address list at a comma: the name quoted.
	me=$(printf '"%s" <%s>' "$(sed 's/[\\"]/\\&/g' <<<"$SIGNOFF_NAME")" "$SIGNOFF_EMAIL")
	[[ ${REFLECT:-0} != 1 ]] || to=(--to="$me") shown="To $ME alone (REFLECT=1)"
	args=(--from="$me" "${to[@]}" --no-to --no-cc --no-bcc
		--suppress-cc=all --8bit-encoding=UTF-8 --confirm=never --no-format-patch)
	[[ -n ${SMTP_SERVER:-} ]] && args+=(--smtp-server="$SMTP_SERVER")
	[[ -n ${SMTP_PORT:-} ]] && args+=(--smtp-server-port="$SMTP_PORT")
	[[ ${SEND:-0} == 1 ]] || args+=(--dry-run)
	# A Ctrl-C stops git send-email too: its failure names the rest.
	trap : INT
	record=$([[ ${SEND:-0} != 1 || ${REFLECT:-0} == 1 ]] || echo 1)
	for i in "${!folders[@]}"; do
		n=0 sent_line="${labels[i]} $(stable_hash "${folders[i]}")"
		for f in "${mails[@]}"; do
			[[ ${f%/*} == "${folders[i]}" ]] || continue
			log "${f#"$TOP"/}: $shown; author $(unfold "$f" | sed -n '1,/^$/s/^From: //p')"
			# outside any repository: no git config but B4_GLOBAL's, no hook
			GIT_CONFIG_GLOBAL=$B4_GLOBAL GIT_CONFIG_NOSYSTEM=1 TREE=$tmp tgit send-email "${args[@]}" "$f" && n=$((n + 1)) && continue
			went=${labels[*]:0:i}
			((n)) || die "git send-email of ${labels[i]} failed${went:+; sent already: $went}; the rest goes with: $again POSTINGS=\"${labels[*]:i}\""
			# As b4's postings: one sent in part is recorded as sent.
			[[ -z $record ]] || echo "$sent_line partly" >>"$BUILD/stable-sent"
			after=${labels[*]:i+1}
			die "git send-email of ${labels[i]} stopped after $n of its mails went${went:+; sent already: $went}${record:+; recorded in $(q "$BUILD/stable-sent") as sent: to send it whole again, delete its line there}${after:+; the rest goes with: $again POSTINGS=\"$after\"}"
		done
		[[ -z $record ]] || echo "$sent_line" >>"$BUILD/stable-sent"
	done
	exit 0
fi

B4_CONFIG=(${SMTP_SERVER:+"sendemail.smtpServer=$SMTP_SERVER"} ${SMTP_PORT:+"sendemail.smtpServerPort=$SMTP_PORT"})
[[ ${SEND:-0} == 1 ]] || B4_CONFIG=(sendemail.smtpServer=/bin/false)
# Each branch is checked out in turn for b4; at the end, the one that was.
orig=$(git -C "$TREE" symbolic-ref -q --short HEAD) ||
	die "$TREE is on no branch (a rebase, am or bisect under way?): finish it or check out a branch, then make send"
trap 'rm -rf "$tmp"; git -C "$TREE" checkout -q "$orig" 2>/dev/null || true' EXIT
# partly: when b4 stopped (a server error, a Ctrl-C) after mails of
# posting $name went (it names each mail as it begins, after the
# Enter), say so, and record it as sent: the command for the rest does
# not send it again unasked.
partly() {
	local begun
	begun=$(sed -n '/Press Enter to proceed/,$p' "$tmp/b4.log" | grep -c '^  \[' || true)
	# The last one named is the one that failed: went, maybe not.
	((begun > 1)) || return 1
	[[ ${REFLECT:-0} == 1 ]] || echo "$name ${rev[$name]} ${hash[$name]} partly" >>"$BUILD/sent"
	printf 'error: %s\n' "b4 send of b4/$name stopped after it began to send: $((begun - 1)) of its mails went, the first (b4's output above names them)$went$([[ ${REFLECT:-0} == 1 ]] ||
		echo "; recorded in $(q "$BUILD/sent") as sent: to send it whole again, in a new thread (see first what arrived: the list's archive, your sent folder), delete its line there")" >&2
}
sent=()
for name in "${names[@]}"; do
	git -C "$TREE" checkout -q "b4/$name"
	if [[ ${SEND:-0} != 1 ]]; then
		b4x send -o "$tmp/$name" --no-sign --not-me-too >"$tmp/b4.log" 2>&1 ||
			die "b4 send -o on b4/$name: $(b4_error "$tmp/b4.log")"
		log "b4/$name would go as:"
		show "$tmp/$name"/*.eml
		continue
	fi
	log "b4 send$([[ ${REFLECT:-0} != 1 ]] || echo " --reflect") of b4/$name"
	# b4 asks for Enter before it sends: it gets one line of ours (a
	# terminal's or a script's), so that each posting asks for its own.
	went=${sent[*]:+; sent already: ${sent[*]}}
	: >"$tmp/b4.log"
	# A Ctrl-C stops b4 too: its failure, below, names the rest.
	trap : INT
	if ! { IFS= read -r line && printf '%s\n' "$line" || true; } |
		b4x send --no-sign --not-me-too $([[ ${REFLECT:-0} != 1 ]] || echo --reflect) 2>&1 | tee "$tmp/b4.log"; then
		if partly; then
			after=("${names[@]:${#sent[@]}+1}")
			((${#after[@]})) || exit 1
			die "the rest goes with: $again POSTINGS=\"${after[*]}\""
		fi
		die "b4 send of b4/$name failed (or was not confirmed) before a mail of it went$went; the rest goes with: $again POSTINGS=\"${names[*]:${#sent[@]}}\""
	fi
	trap - INT
	sent+=("$name")
	[[ ${REFLECT:-0} != 1 ]] || continue
	echo "$name ${rev[$name]} ${hash[$name]}" >>"$BUILD/sent"
	# b4's next version, made by b4 alone, is no work of the user's:
	# make clean and make tree need no export of it.
	record_applied
	log "b4 tagged what it sent (sent/$name-v${rev[$name]}) and made b4/$name its next version: once it has your changes, write its changelog (b4 --offline-mode prep --edit-cover) and run make export"
done
