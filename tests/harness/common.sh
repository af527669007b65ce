# Sourced by tests/harness.sh: the scratch folder, result and the fixture
# the cases in tests/harness/*.sh share: no kernel, seconds each.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_CONFIG_GLOBAL=$tmp/gitconfig GIT_CONFIG_NOSYSTEM=1 XDG_CACHE_HOME=$tmp/cache XDG_DATA_HOME=$tmp/data
git config --global user.name Fixture
git config --global user.email fixture@fixture-mail.dev
unset GIT_CONFIG_COUNT KERNEL BRANCH BASE SEND REFLECT STABLE BUILD_LOCKED TREE SRC BUILD PATCHES STABLE_DIR STAMP
RUN_COUNTS=${COUNTS:-}
unset COUNTS
S=$TOP/stages passed=0 failed=0
result() { # result NAME OK(0/1) [DETAIL]
	if [ "$2" = 0 ]; then echo "PASS $1"; passed=$((passed + 1)); else echo "FAIL $1${3:+: $3}"; failed=$((failed + 1)); fi
}
# pgit ARGS: git as the project's placeholder identity.
pgit() { git -c user.name="Seed 18c6c7fe maintainers" -c user.email=maintainers@users.noreply.a-seed-18c6c7fe.example "$@"; }
# fx DIR CMD...: CMD on the fixture DIR: its base, build/, patches/, stable/.
fx() {
	local d=$1
	shift
	env BASE_CONF="$d/base.conf" STABLE_CONF="$d/base.conf" BUILD="$d/build" PATCHES="$d/patches" STABLE_DIR="$d/stable" "$@" 2>&1
}

# fixture DIR: a copy of the fixture, made once: a git repository with a
# tiny base tarball in Debian's shape (and its base.conf, which serves as
# the stable base too), patches/sched (a cover letter and 3 patches by
# the placeholder, as make export writes them), stable/ (a backport of
# an upstream author's, signed by the placeholder) and stable/test/.
fixture() {
	[ -d "$tmp/fixture" ] || make_fixture "$tmp/fixture"
	cp -a "$tmp/fixture" "$1"
	sed -i "s|^BASE_TARBALL=.*|BASE_TARBALL=\"$1/base.tar.xz\"|" "$1/base.conf"
}
make_fixture() {
	local d=$1 src=$1/linux-source-7.3
	mkdir -p "$src/kernel/sched" "$src/kernel/irq" "$src/scripts" "$d/stable/test"
	printf 'int irq;\n' >"$src/kernel/irq/manage.c"
	printf 'int a;\nint b;\n' >"$src/kernel/sched/core.c"
	printf '*.o\n\n# Debian packaging: ignore everything at the top level\n/*\n' >"$src/.gitignore"
	printf '#!/bin/sh\ncase " $* " in *" --nom "*) ;; *) echo "Maint Ainer <maint@fixture-mail.dev>" ;; esac\ncase " $* " in *" --nol "*) ;; *) echo "list@lists.fixture-mail.dev" ;; esac\n' >"$src/scripts/get_maintainer.pl"
	chmod +x "$src/scripts/get_maintainer.pl"
	tar -C "$d" -cJf "$d/base.tar.xz" linux-source-7.3
	printf 'BASE_PACKAGE=none\nBASE_VERSION=1\nBASE_TARBALL="%s"\nBASE_SHA256=%s\nBASE_NAME="fixture base"\nSTABLE_CC="Up Stream <up@fixture-mail.dev>"\n' \
		"$d/base.tar.xz" "$(sha256sum "$d/base.tar.xz" | cut -d' ' -f1)" >"$d/base.conf"
	git -C "$src" init -q -b main && git -C "$src" add -f -A && git -C "$src" commit -q -m base
	(cd "$src" && b4 --offline-mode prep -n sched -f main) >/dev/null 2>&1
	for n in one two three; do
		echo "int $n;" >"$src/kernel/sched/$n.c" && git -C "$src" add -f kernel/sched/$n.c && pgit -C "$src" commit -q -s -m "sched: $n"
	done
	printf '#!/bin/sh\nprintf "Fixture series\\n\\nFixture text.\\n" >"$1"\n' >"$tmp/cover-editor" && chmod +x "$tmp/cover-editor"
	(cd "$src" && export GIT_CONFIG_COUNT=3 GIT_CONFIG_KEY_0=sendemail.smtpServer GIT_CONFIG_VALUE_0=/bin/false \
		GIT_CONFIG_KEY_1=b4.send-auto-to-cmd GIT_CONFIG_VALUE_1="scripts/get_maintainer.pl --nol" \
		GIT_CONFIG_KEY_2=b4.send-auto-cc-cmd GIT_CONFIG_VALUE_2="scripts/get_maintainer.pl --nom" &&
		EDITOR=$tmp/cover-editor b4 --offline-mode prep --edit-cover && b4 --offline-mode prep --auto-to-cc &&
		b4 --offline-mode send -o "$d/patches/sched" --no-sign --not-me-too) >/dev/null 2>&1
	for f in "$d/patches/sched"/*.eml; do mv "$f" "${f%.eml}.patch"; done
	git -C "$src" checkout -q main
	echo 'int irq = 49;' >"$src/kernel/irq/manage.c"
	git -C "$src" -c user.name="Up Stream" -c user.email=up@fixture-mail.dev commit -q -am "genirq: forty-nine" \
		-m "commit 0123456789012345678901234567890123456789 upstream." \
		-m "Signed-off-by: Up Stream <up@fixture-mail.dev>
Signed-off-by: Seed 18c6c7fe maintainers <maintainers@users.noreply.a-seed-18c6c7fe.example>"
	echo 'int t;' >"$src/kernel/irq/test.c" && git -C "$src" add -f kernel/irq/test.c && pgit -C "$src" commit -q -s -m "genirq: test"
	git -C "$src" format-patch -q -o "$d/stable" --subject-prefix="PATCH 6.12.y" HEAD~2..HEAD~1
	git -C "$src" format-patch -q -o "$d/stable/test" --subject-prefix="TEST ONLY" -1
	rm -rf "$src"
	# As make export writes them, on make tree's base commit.
	fx "$d" "$S/tree.sh" >/dev/null && fx "$d" "$S/export.sh" >/dev/null; rm -rf "$d/build"
	printf 'build/\n' >"$d/.gitignore"
	git -C "$d" init -q && git -C "$d" add -A && git -C "$d" commit -q -m fixture
}
