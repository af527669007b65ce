# Sourced by tests/harness.sh: the scratch folder, result and the fixtures
# that the cases in tests/harness/*.sh share.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_CONFIG_GLOBAL=$tmp/gitconfig GIT_CONFIG_NOSYSTEM=1
# The stages run from a copy outside the clone: an identity that the
# user set in the clone (git config user.name, as README says) is not
# the fixtures' one.
mkdir "$tmp/top"
cp -r "$TOP/stages" "$TOP/base.conf" "$TOP/stable.conf" "$TOP/stable" "$TOP/tests" "$tmp/top/"
S=$tmp/top/stages
git config --global user.name Fixture
git config --global user.email fixture@fixture-mail.dev
export XDG_CACHE_HOME=$tmp/cache XDG_DATA_HOME=$tmp/data
# make test's counts file ($COUNTS) is the runner's: the stages that the
# cases run (kunit.sh, boot.sh) add nothing to it.
RUN_COUNTS=${COUNTS:-}
unset SIGNOFF_NAME SIGNOFF_EMAIL KERNEL BRANCH BASE FORCE SEND BUILD_LOCKED COUNTS
passed=0 failed=0

result() { # result NAME OK(0/1) [DETAIL]
	if [ "$2" = 0 ]; then
		echo "PASS $1"
		passed=$((passed + 1))
	else
		echo "FAIL $1${3:+: $3}"
		failed=$((failed + 1))
	fi
}

# pgit ARGS: git as the placeholder identity, which the series' patches carry.
pgit() { git -c user.name="Placeholder Name" -c user.email=placeholder@example.org "$@"; }

# commit_on TREE BRANCH NAME [ARGS]: on BRANCH, checked out after, a
# commit that adds kernel/sched/NAME.c ("int NAME;"), made by git commit
# ARGS (-m "sched: NAME" if none).
commit_on() {
	local t=$1 b=$2 n=$3
	shift 3
	[ $# != 0 ] || set -- -m "sched: $n"
	git -C "$t" checkout -q "$b" && echo "int $n;" >"$t/kernel/sched/$n.c" &&
		git -C "$t" add "kernel/sched/$n.c" && git -C "$t" commit -q "$@"
}

# base_fixture DIR [TAG]: a tiny base tarball DIR/base.tar.xz in Debian's
# shape (linux-source-7.3/, .gitignore ending in Debian's "/*" block, a
# get_maintainer.pl that names one maintainer and one list), its pinned
# DIR/base.conf, and a series of 3 patches for it, as the placeholder
# identity, with a cover letter, as the posting DIR/patches/sched. Made
# once for each TAG (and LKML_ONLY), copied after that.
base_fixture() {
	local d=$1 c=$tmp/fixtures/${2:-base}${LKML_ONLY:+-lkml}
	[ -d "$c" ] || make_fixture "$c" "${2:-base}"
	mkdir -p "$d/patches"
	cp "$c/base.tar.xz" "$d/"
	cp -r "$c/patches/." "$d/patches/"
	sed "s|^BASE_TARBALL=.*|BASE_TARBALL=\"$d/base.tar.xz\"|" "$c/base.conf" >"$d/base.conf"
}
make_fixture() {
	local d=$1 src=$1/linux-source-7.3
	mkdir -p "$src/kernel/sched" "$src/kernel/irq" "$src/scripts"
	printf 'config FOO\n\tbool "foo"\n' >"$src/Kconfig"
	printf 'int irq;\n' >"$src/kernel/irq/manage.c"
	printf 'int a;\nint b;\n' >"$src/kernel/sched/core.c"
	printf '# %s\n' "${2:-base}" >"$src/Makefile"
	printf '*.o\n\n#\n# Debian packaging: ignore everything at the top level, since it isn%st\n# included in our repository\n#\n/*\n!/debian/\n' "'" >"$src/.gitignore"
	# Its maintainer with --nol (b4's To:) or --no-l, its list with --nom (b4's Cc:).
	# LKML_ONLY=1: LKML alone, as for files that nobody maintains.
	if [ -n "${LKML_ONLY:-}" ]; then
		printf '#!/bin/sh\ncase " $* " in *" --nol "*) ;; *) echo "linux-kernel@vger.kernel.org" ;; esac\n'
	else
		printf '#!/bin/sh\ncase " $* " in *" --nom "*) ;; *) echo "Maint Ainer <maint@fixture-mail.dev>" ;; esac\ncase " $* " in *" --no-l "*|*" --nol "*) ;; *) echo "list@lists.fixture-mail.dev" ;; esac\n'
	fi >"$src/scripts/get_maintainer.pl"
	chmod +x "$src/scripts/get_maintainer.pl"
	tar -C "$d" -cJf "$d/base.tar.xz" linux-source-7.3
	cat >"$d/base.conf" <<-EOC
	BASE_PACKAGE=no-such-package
	BASE_VERSION=1
	BASE_TARBALL="$d/base.tar.xz"
	BASE_SHA256=$(sha256sum "$d/base.tar.xz" | cut -d' ' -f1)
	BASE_NAME="fixture ${2:-base}"
	EOC
	git -C "$src" init -q -b main && git -C "$src" add -f -A && git -C "$src" commit -q -m base
	(cd "$src" && b4 --offline-mode prep -n sched -f main >/dev/null 2>&1)
	echo 'int one;' >>"$src/kernel/sched/core.c" && pgit -C "$src" commit -q -s -am "sched: one"
	echo 'int two;' >"$src/kernel/sched/two.c" && git -C "$src" add -f kernel/sched/two.c &&
		pgit -C "$src" commit -q -s -m "sched: two"
	echo 'int three;' >>"$src/kernel/sched/core.c" && pgit -C "$src" commit -q -s -am "sched: three"
	printf '#!/bin/sh\nprintf "Fixture series\\n\\nFixture text.\\n" >"$1"\n' >"$tmp/cover-editor"
	chmod +x "$tmp/cover-editor"
	(cd "$src" && export GIT_CONFIG_COUNT=3 GIT_CONFIG_KEY_0=sendemail.smtpServer GIT_CONFIG_VALUE_0=/bin/false \
		GIT_CONFIG_KEY_1=b4.send-auto-to-cmd GIT_CONFIG_VALUE_1="scripts/get_maintainer.pl --nol" \
		GIT_CONFIG_KEY_2=b4.send-auto-cc-cmd GIT_CONFIG_VALUE_2="scripts/get_maintainer.pl --nom" &&
		EDITOR=$tmp/cover-editor b4 --offline-mode prep --edit-cover && b4 --offline-mode prep --auto-to-cc &&
		b4 --offline-mode send -o "$d/patches/sched" --no-sign --not-me-too) >/dev/null 2>&1
	for f in "$d/patches/sched"/*.eml; do mv "$f" "${f%.eml}.patch"; done
	rm -rf "$src"
}

# b4t DIR ARGS: b4 in the tree DIR, as README has the user run it.
b4t() { (cd "$1" && shift && b4 --offline-mode "$@") >/dev/null 2>&1; }
# edit_cover DIR FILE: the cover letter of DIR's checked-out b4 branch
# becomes FILE, by b4 prep --edit-cover.
edit_cover() {
	printf '#!/bin/sh\ncp %q "$1"\n' "$2" >"$tmp/editor" && chmod +x "$tmp/editor"
	EDITOR=$tmp/editor b4t "$1" prep --edit-cover
}

# fx DIR CMD...: CMD with the fixture DIR's base.conf, build/ and patches/.
fx() {
	local d=$1
	shift
	BASE_CONF=$d/base.conf BUILD=$d/build PATCHES=$d/patches "$@" 2>&1
}

# user_fixture DIR: a tiny "kernel tree" DIR/src with two commits, and a
# posting for it in DIR/patches/p: 0001 applies, 0002 does not (it changes a
# line that is not there).
user_fixture() {
	local d=$1
	mkdir -p "$d/src/kernel/sched" "$d/patches/p"
	git -C "$d/src" init -q -b main
	printf 'config FOO\n\tbool "foo"\n' >"$d/src/Kconfig"
	printf 'int a;\nint b;\n' >"$d/src/kernel/sched/core.c"
	git -C "$d/src" add -A && git -C "$d/src" commit -q -m one
	printf 'int a;\nint b;\nint c;\n' >"$d/src/kernel/sched/core.c"
	git -C "$d/src" commit -q -am two
	git -C "$d/src" format-patch -q -1 -o "$d/patches/p" --zero-commit
	git -C "$d/src" reset -q --hard HEAD~1
	sed 's/^ int b;/ int z;/; s/^Subject: .*/Subject: [PATCH] does not apply/' \
		"$d/patches/p/0001-two.patch" >"$d/patches/p/0002-does-not-apply.patch"
}

# state REPO: everything a failed or refused command must leave alone.
state() {
	git -C "$1" rev-parse HEAD
	git -C "$1" symbolic-ref -q HEAD
	git -C "$1" status --porcelain
	git -C "$1" branch --list
	git -C "$1" worktree list --porcelain | grep -c '^worktree'
}

# interrupt_at MARKER COMMAND...: run COMMAND (env settings first, if any)
# as in a terminal of its own, wait until MARKER exists (a stand-in tool
# touches it where the interrupt is wanted) and press Ctrl-C: SIGINT to
# its process group, set back to its default first (a make test started
# with nohup ... & ignores it, and so would COMMAND).
interrupt_at() {
	local marker=$1 pid i
	shift
	set -m
	env "${@:1:$#-1}" python3 -c \
		'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
		"${@: -1}" >/dev/null 2>&1 &
	pid=$!
	set +m
	for i in $(seq 600); do [ ! -e "$marker" ] || break; sleep 0.1; done
	kill -INT -- -"$pid"
	wait "$pid"
	[ -e "$marker" ]
}
