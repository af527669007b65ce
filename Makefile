# The harness of the RT-priority series: every command is a target here,
# every stage a script in stages/. See README.md.

SHELL := /bin/bash
S := stages

.PHONY: help deps tree export run test send flake clean

help:
	@sed -n 's/^## //p' README.md

## make run     build, boot in QEMU, show KUnit, kselftest and the RT priority map
run: tree
	$(S)/build.sh x86_64
	$(S)/guest.sh
	$(S)/boot.sh

## make test    every check, ending with "N passed, N failed"
test:
	$(S)/test.sh

## make tree    the base in build/linux with the series applied (KERNEL=, BASE=)
tree: deps
	$(S)/tree.sh

## make export  regenerate patches/ from build/linux
export:
	$(S)/export.sh

## make send    git send-email the series (dry run unless SEND=1)
send:
	$(S)/send.sh

## make flake   run the built UML suite 20 times
flake:
	$(S)/flake.sh

deps:
	$(S)/deps.sh

## make clean   remove build/ (the tree, kernels and logs)
clean:
	rm -rf build
