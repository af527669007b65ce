# The harness of the RT-priority series: a target a command, a script a
# stage in stages/ (its header says what it does). Settings are make
# variables: make run KERNEL=~/linux, make send SEND=1.
SHELL := /bin/bash
S := stages
.PHONY: help deps tree export sign send run test clean stable-tree

## make run       tree, build the x86_64 kernel, boot it in QEMU: KUnit, kselftest,
##                the seed table, the RT map            KERNEL= BASE= BRANCH= BOOT_TIMEOUT= JOBS=
## make run BOOT=linux-image-6.12.*-rt-amd64-unsigned   the same guest and table on a
##                prebuilt kernel: Debian's newest match, or a vmlinuz with virtio built in
## make test      every check, "N passed, N failed" last; a pass stamps patches/ for send
## make tree      build/linux (made once): tag base, a b4 prep branch b4/NAME a posting
##                missing there; build/src: base + patches/ by git am (what is built)
## make tree KERNEL=~/linux [BASE=rev] [BRANCH=rt-prio]   the series by git am on a new
##                branch of your tree, in the worktree build/worktree-BRANCH
## make export    patches/NAME/ from b4/NAME by b4 send -o (git must hold patches/ first); POSTINGS="a b"
## make sign      you become the sender: author and Signed-off-by of the placeholder's commits
## make send      dry run; SEND=1 b4 send (after make test passed), REFLECT=1 to you alone,
##                POSTINGS="a b"; STABLE=1: the backports by git send-email
## make stable-tree     build/stable (made once): the 6.12 base, branches backport and with;
##                STABLE_TREE=6.1.y: build/stable-6.1.y, the 6.1 base
## make clean     remove build products by name; build/linux, build/stable*, build/worktree-*, yours stay
help:
	@sed -n 's/^## \?//p' Makefile

run: deps
	$(if $(BOOT),$(S)/prebuilt.sh,$(S)/tree.sh && $(S)/build.sh x86_64)
	$(S)/guest.sh
	$(S)/boot.sh
	$(S)/seeds.sh

test:
	KERNEL= $(S)/test.sh

tree:
	$(S)/deps.sh tree
	$(S)/tree.sh

sign send clean export:
	$(S)/$@.sh

stable-tree:
	$(S)/deps.sh stable
	$(S)/stable.sh tree $(STABLE_TREE)

deps:
	$(S)/deps.sh
