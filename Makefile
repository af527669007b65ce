# The harness of the RT-priority series: every command is a target here,
# every stage a script in stages/. See README.md.

SHELL := /bin/bash
S := stages

# The settings a command line may give; any other is a typo, refused
# before anything runs (KERNL=... would otherwise unpack a whole base).
SETTINGS := KERNEL BASE BRANCH FORCE SEND SIGNOFF_NAME SIGNOFF_EMAIL \
	SMTP_SERVER SMTP_PORT REFLECT POSTINGS BOOT_TIMEOUT JOBS RUNS BASE_CONF STABLE
unknown := $(strip $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(filter-out $(SETTINGS),$(v)))))
$(if $(unknown),$(error unknown setting $(unknown): the settings are $(SETTINGS) (make help)))
# ... and MAKEFLAGS=FORCE=1 (or GNUMAKEFLAGS) in the environment would
# pass for it. That is read from make's own environment as it started:
# make 4.4 gives $(shell) a MAKEFLAGS with the command line's settings.
# A make that the harness's tests run (MAKELEVEL 1) has its caller's.
ifeq ($(MAKELEVEL),0)
fromenv := $(filter $(addsuffix =%,$(SETTINGS)),$(shell tr '\0' '\n' </proc/$$PPID/environ | sed -n 's/^\(GNU\)\{0,1\}MAKEFLAGS=//p'))
$(if $(fromenv),$(error $(fromenv) in MAKEFLAGS or GNUMAKEFLAGS of the environment: settings count on the command line only (unset them)))
endif
# A setting counts only on the command line: FORCE=1 or SEND=1 left in
# the environment must not drop work or send mail.
$(foreach v,$(SETTINGS),$(if $(filter environment%,$(origin $(v))),$(eval unexport $(v))))
# Names the stages take from the harness's own tests, never from the
# user's environment: an exported BUILD=/elsewhere would have make clean
# remove a folder the harness never made.
unexport BUILD TREE PATCHES STAMP BASE_DIR BASE_TARBALL BUILD_LOCKED COUNTS KVM_DEV \
	BOOT_KERNEL BOOT_INITRD KUNIT_TIMEOUT HANG_TIMEOUT PYTHON SMTP_SINK_TOKEN \
	STABLE_CONF STABLE_DIR

.PHONY: help deps tree export run test send flake clean stable-tree stable-export

## Commands (the settings each takes after it):
##   make run      build the series' x86_64 kernel, boot it in QEMU, show KUnit,
##                 the kselftest, the seed systems' table and the RT map   KERNEL= BASE= BRANCH= BOOT_TIMEOUT= JOBS=
##   make test     every check, the harness's own tests first, ending with
##                 "N passed, N failed"                    JOBS= BOOT_TIMEOUT=
##   make tree     build/linux: the base (base.conf), a b4 prep branch b4/NAME
##                 a posting, all of them on branch series  FORCE=1 BASE_CONF=
##   make tree KERNEL=/path/to/linux [BASE=rev] [BRANCH=rt-prio]
##                 the series on a new branch of your own tree, in build/worktree-BRANCH
##   make export   write patches/ from build/linux's b4 branches, by b4 send -o
##                                                         SIGNOFF_NAME= SIGNOFF_EMAIL= FORCE=1
##   make send     b4 send of each b4 branch, a dry run    SEND=1 REFLECT=1 POSTINGS= SMTP_SERVER= SMTP_PORT=
##                 STABLE=1: the backports in stable/, to stable@, by git send-email
##                                                         SIGNOFF_NAME= SIGNOFF_EMAIL=
##   make stable-tree    build/stable: the 6.12 base, the backport and its test-only patch  FORCE=1
##   make stable-export  write stable/ from build/stable, signed by you
##                                                         SIGNOFF_NAME= SIGNOFF_EMAIL= FORCE=1
##   make flake    run the built suite RUNS (20) times     RUNS=
##   make clean    remove build/, keeping work only there  FORCE=1
## Settings: FORCE=1 drops work that is only in build/; SEND=1 really sends
## (after make test passed, with a real identity); SIGNOFF_NAME/SIGNOFF_EMAIL
## default to git config user.name/user.email. See README.md.
help:
	@sed -n 's/^## \?//p' $(firstword $(MAKEFILE_LIST))

run: deps
	$(S)/tree.sh
	$(S)/build.sh x86_64
	$(S)/guest.sh
	$(S)/boot.sh
	$(S)/seeds.sh

test:
	$(S)/test.sh

tree:
	$(S)/deps.sh tree
	$(S)/tree.sh

export:
	$(S)/export.sh

send:
	$(S)/send.sh

flake:
	$(S)/flake.sh

stable-tree:
	$(S)/deps.sh stable
	$(S)/stable.sh tree

stable-export:
	$(S)/stable.sh export

deps:
	$(S)/deps.sh

clean:
	$(S)/clean.sh
