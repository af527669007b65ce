#!/bin/bash
# Mail the series through stages/send.sh (b4 send, REFLECT=1: to the
# sender alone, the headers whole; the b4 branches keep their version) to
# a local SMTP sink (tests/smtp_sink.py), then check what arrived: one
# mail per file of patches/, subjects, each posting a thread on its cover
# letter (a posting of one patch none), recipients in the headers, the
# sender alone in the envelope; and that git am of the mails onto tag
# base gives the tree of branch series.
. "$(dirname "$0")/../stages/lib.sh"
set -E

fail() { printf 'FAIL send round trip: %s\n' "$*"; exit 1; }
trap 'fail "unexpected error at line $LINENO"' ERR
PY=${PYTHON:-/usr/bin/python3} # Debian's python3, which has python3-aiosmtpd
"$PY" -c 'import aiosmtpd' 2>/dev/null || fail "$PY lacks aiosmtpd: apt-get install python3-aiosmtpd"
if ! git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null 2>&1; then
	echo "SKIP send round trip: no tree in $TREE (make tree makes it)"
	add_counts 0 0 1
	exit 0
fi

tmp=$(mktemp -d)
pid='' wt=''
stop_sink() {
	[[ -n $pid ]] || return 0
	kill "$pid" 2>/dev/null || true
	for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -9 "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	pid=''
}
cleanup() {
	trap - ERR
	stop_sink
	if [[ -n $wt ]]; then
		git -C "$TREE" worktree remove --force "$wt" 2>/dev/null || true
		git -C "$TREE" worktree prune || true
	fi
	rm -rf "$tmp"
	git -C "$BUILD/stable" worktree prune 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# Only the harness's settings: none of the user's sendemail.* config, but
# the user's identity, as make export signed the patches with it.
export SIGNOFF_NAME SIGNOFF_EMAIL
export GIT_CONFIG_GLOBAL=$tmp/gitconfig GIT_CONFIG_NOSYSTEM=1
: >"$GIT_CONFIG_GLOBAL"

# Its greeting carries this token, by which send.sh knows the sink.
SMTP_SINK_TOKEN=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
export SMTP_SINK_TOKEN
# start_sink MBOX: the sink, writing what it receives to MBOX; sets $port.
start_sink() {
	log "starting the SMTP sink"
	mbox=$1
	: >"$mbox"
	rm -f "$tmp/port"
	"$PY" "$TOP/tests/smtp_sink.py" "$mbox" "$tmp/port" 600 2>"$tmp/sink.log" &
	pid=$!
	for ((i = 0; i < 100; i++)); do
		[[ ! -s $tmp/port ]] || break
		kill -0 "$pid" 2>/dev/null || fail "the SMTP sink died: $(tail -n 3 "$tmp/sink.log")"
		sleep 0.1
	done
	[[ -s $tmp/port ]] || fail "the SMTP sink did not listen within 10 s"
	port=$(cat "$tmp/port")
}
start_sink "$tmp/received.mbox"
log "SMTP sink on 127.0.0.1:$port"

# send VAR=VALUE...: stages/send.sh to the sink, output in $tmp/out; the
# Enter that b4 send asks for before it sends is given.
send() {
	printf '\n%.0s' {1..20} >"$tmp/enter"
	timeout 300 env SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" REFLECT=1 "$@" "$TOP/stages/send.sh" \
		<"$tmp/enter" >"$tmp/out" 2>&1
}
stamp=$tmp/test-passed.stamp

log "SEND=1 without a stamp must be refused"
! send SEND=1 STAMP="$stamp" || fail "SEND=1 without a stamp was not refused"
grep -q "run 'make test' first" "$tmp/out" || fail "no 'run make test first' in the refusal: $(tail -n 3 "$tmp/out")"
log "SEND=1 with a stale stamp must be refused"
echo 0000 >"$stamp"
! send SEND=1 STAMP="$stamp" || fail "SEND=1 with a stale stamp was not refused"
grep -q "run 'make test' again" "$tmp/out" || fail "no 'run make test again' in the refusal: $(tail -n 3 "$tmp/out")"

STAMP=$stamp "$TOP/stages/stamp.sh"

log "SEND=1 with the placeholder identity to anything but the sink must be refused"
# The "server" is a sendmail-like program (b4 and send-email take a path
# there): were the refusal broken, nothing would leave this machine.
printf '#!/bin/sh\ntouch %q.called\nexit 1\n' "$tmp/sendmail" >"$tmp/sendmail"
chmod +x "$tmp/sendmail"
! send SEND=1 STAMP="$stamp" SIGNOFF_NAME= SIGNOFF_EMAIL= SMTP_SERVER="$tmp/sendmail" ||
	fail "the placeholder identity was not refused for a non-local server"
grep -q 'set your identity.*make export' "$tmp/out" ||
	fail "no 'set your identity ... make export' in the refusal: $(tail -n 3 "$tmp/out")"
[[ ! -e $tmp/sendmail.called ]] || fail "the refused send ran the mailer"
# The sink's address without its token is any local server.
! send SEND=1 STAMP="$stamp" SIGNOFF_NAME= SIGNOFF_EMAIL= SMTP_SINK_TOKEN=wrong ||
	fail "the placeholder identity was sent to a local server that is not the sink"
[[ ! -s $mbox ]] || fail "a refused send still sent mail"

log "sending the series to the sink"
send SEND=1 STAMP="$stamp" || fail "stages/send.sh failed: $(tail -n 5 "$tmp/out")"
mapfile -t files < <(find "$PATCHES" -mindepth 2 -maxdepth 2 -name '[0-9][0-9][0-9][0-9]-*.patch' | LC_ALL=C sort)
n=${#files[@]}
for ((i = 0; i < 100; i++)); do
	(($(grep -c '^From mboxrd@z ' "$mbox" || true) < n)) || break
	sleep 0.1
done
stop_sink
got=$(grep -c '^From mboxrd@z ' "$mbox" || true)
((got == n)) || fail "received $got mails, want $n (every posting's cover letter and patches)"

mkdir "$tmp/mails"
git mailsplit --mboxrd -o"$tmp/mails" "$mbox" >/dev/null

# hdr FILE NAME: the first NAME: header of a mail, unfolded.
hdr() {
	unfold "$1" | awk -v want="$2:" '/^$/ { body = 1 }
		!body && !done && tolower(substr($0, 1, length(want))) == tolower(want) {
			sub(/^[^:]*:[ \t]*/, ""); sub(/[ \t]+$/, ""); print; done = 1 }'
}
emails() { { grep -oE '[[:alnum:]._%+=-]+@[[:alnum:].-]+' || true; } | tr '[:upper:]' '[:lower:]' | sort -u; }
gm() { get_maintainers "$@"; }

log "checking subjects, threading and recipients, a thread a posting"
# The mail of each file: the one with its subject.
declare -A mail
for m in "$tmp"/mails/*; do
	subj=$(hdr "$m" Subject)
	for f in "${files[@]}"; do
		[[ $(hdr "$f" Subject) != "$subj" ]] || { [[ -z ${mail[$f]:-} ]] || fail "two mails $subj"; mail[$f]=$m; }
	done
done
self=$(tr '[:upper:]' '[:lower:]' <<<"$SIGNOFF_EMAIL")
am=()
while read -r g; do
	mapfile -t gp < <(series "$g")
	cover=$(cover "$g")
	np=${#gp[@]}
	if [[ -n $cover ]]; then
		cover_id=$(hdr "${mail[$cover]:?no mail for $cover}" Message-Id)
		[[ $cover_id == \<*@*\> ]] || fail "$cover: no Message-Id"
		[[ -z $(hdr "${mail[$cover]}" In-Reply-To) ]] || fail "the cover letter $cover is a reply"
	else
		((np == 1)) || fail "$g: $np patches and no cover letter"
	fi
	: >"$tmp/all-want"
	: >"$tmp/all-m"
	for f in "${gp[@]}" ${cover:+"$cover"}; do # the cover last: it wants the union
		m=${mail[$f]:-}
		[[ -n $m ]] || fail "no mail for $f"
		subj=$(hdr "$m" Subject)
		if ((np > 1)); then
			[[ $subj =~ ^\[PATCH\ ([0-9]+)/$np\] ]] || fail "$subj: want [PATCH k/$np]"
		else
			[[ $subj == "[PATCH] "* ]] || fail "$subj: want [PATCH], a posting of one patch"
		fi
		if [[ $f != "$cover" ]]; then
			am+=("$m")
			if [[ -n $cover ]]; then
				[[ $(hdr "$m" In-Reply-To) == "$cover_id" ]] || fail "$subj: In-Reply-To is not its cover's $cover_id"
				[[ $(hdr "$m" References) == "$cover_id" ]] || fail "$subj: References is not its cover's $cover_id"
			else
				[[ -z $(hdr "$m" In-Reply-To) ]] || fail "$subj: a posting of one patch is no reply"
			fi
			gm "$f" | emails | grep -vxF "$self" | tee -a "$tmp/all-want" >"$tmp/want" || true
			gm --no-l --no-r "$f" | emails | grep -vxF "$self" | tee -a "$tmp/all-m" >"$tmp/want-m" || true
		else
			sort -u "$tmp/all-want" >"$tmp/want"
			sort -u "$tmp/all-m" >"$tmp/want-m"
		fi
		[[ -s $tmp/want ]] || fail "get_maintainer.pl names nobody for $f"
		printf '%s\n' "$(hdr "$m" To)" "$(hdr "$m" Cc)" | emails >"$tmp/hdrs"
		hdr "$m" To | emails >"$tmp/to"
		miss=$(comm -23 "$tmp/want" "$tmp/hdrs")
		[[ -z $miss ]] || fail "$subj: not in To/Cc: $miss"
		miss=$(comm -23 "$tmp/want-m" "$tmp/to")
		[[ -z $miss ]] || fail "$subj: maintainers not in To: $miss"
		[[ $(hdr "$m" X-Envelope-To | emails) == "$self" ]] || fail "$subj: REFLECT=1 mailed $(hdr "$m" X-Envelope-To), not the sender alone"
	done
done < <(postings)
[[ $(git -C "$TREE" for-each-ref refs/tags/sent/) == "" ]] || fail "REFLECT=1 tagged a version as sent"

log "git am of the received patches onto tag base (a fresh worktree)"
wt=$tmp/wt
# A sparse checkout of the files the series touches is all git am needs.
timeout 600 git -C "$TREE" worktree add -q --no-checkout --detach "$wt" base ||
	fail "git worktree add failed"
git -C "$TREE" diff --name-only base series >"$tmp/paths"
git -C "$wt" sparse-checkout set --no-cone --stdin <"$tmp/paths"
git -C "$wt" checkout -q || fail "the sparse checkout of base failed"
timeout 300 nice git -C "$wt" -c user.name="$SIGNOFF_NAME" -c user.email="$SIGNOFF_EMAIL" \
	am -q "${am[@]}" >"$tmp/am.log" 2>&1 ||
	fail "git am of the received mails failed: $(tail -n 5 "$tmp/am.log")"
(($(git -C "$wt" rev-list --count base..HEAD) == ${#am[@]})) || fail "git am made not ${#am[@]} commits"
got=$(git -C "$wt" rev-parse 'HEAD^{tree}')
want=$(git -C "$TREE" rev-parse 'series^{tree}')
[[ $got == "$want" ]] || fail "tree after git am $got != series tree $want"

log "the backports: make send STABLE=1 to the sink, the 6.12.y one git am'ed onto its base"
"$TOP/stages/stable.sh" tree
stable=$BUILD/stable
start_sink "$tmp/stable.mbox"
# Not REFLECT=1, which mails the sender alone: to stable@ and STABLE_CC,
# as it is sent (the sink takes every recipient); in a build folder of
# its own, as it records what went in build/stable-sent.
send SEND=1 STABLE=1 REFLECT=0 STAMP="$stamp" BUILD="$tmp/build" || fail "make send STABLE=1 failed: $(tail -n 5 "$tmp/out")"
for ((i = 0; i < 100; i++)); do
	(($(grep -c '^From mboxrd@z ' "$mbox" || true) < 2)) || break
	sleep 0.1
done
stop_sink
(($(grep -c '^From mboxrd@z ' "$mbox") == 2)) || fail "the backports are not two mails"
mkdir "$tmp/stable-mails"
git mailsplit --mboxrd -o"$tmp/stable-mails" "$mbox" >/dev/null
mbox=$tmp/stable-mails/0001
[[ $(hdr "$mbox" Subject) == "[PATCH 6.12.y] genirq/manage: Reduce priority of forced secondary interrupt handler" ]] ||
	fail "backport subject: $(hdr "$mbox" Subject)"
[[ $(hdr "$tmp/stable-mails/0002" Subject) == "[PATCH 6.18.y] genirq/manage: Reduce priority of forced secondary interrupt handler" ]] ||
	fail "6.18.y backport subject: $(hdr "$tmp/stable-mails/0002" Subject)"
[[ -z $(hdr "$tmp/stable-mails/0002" In-Reply-To) ]] || fail "the 6.18.y backport is a reply to the 6.12.y one"
source "$TOP/stable.conf"
miss=$(comm -23 <(emails <<<"$STABLE_CC") <(hdr "$mbox" Cc | emails))
[[ -z $miss ]] || fail "backport: not in Cc: $miss"
rm -rf "$tmp/stable-wt"
git -C "$stable" worktree add -q --detach "$tmp/stable-wt" base || fail "git worktree add failed"
git -C "$tmp/stable-wt" -c user.name="$SIGNOFF_NAME" -c user.email="$SIGNOFF_EMAIL" am -q "$mbox" ||
	fail "git am of the backport mail onto $BASE_NAME failed"
[[ $(git -C "$tmp/stable-wt" log -1 --format='%an <%ae>') == "Lukas Wunner <lukas@wunner.de>" ]] ||
	fail "the backport's author is not the upstream author"
[[ $(git -C "$tmp/stable-wt" rev-parse 'HEAD^{tree}') == $(git -C "$stable" rev-parse 'backport^{tree}') ]] ||
	fail "the backport mail, applied, does not give branch backport's tree"
git -C "$stable" worktree remove --force "$tmp/stable-wt"

echo "PASS send round trip"
