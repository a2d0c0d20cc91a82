# `make install PREFIX=…` (default /usr/local): see scripts/install.
PREFIX ?= /usr/local

.PHONY: install
install:
	"$(CURDIR)/scripts/install" "$(PREFIX)"
