# `make install PREFIX=…` (default /usr/local; a relative PREFIX is taken from this folder): see scripts/install.
PREFIX ?= /usr/local

.PHONY: install
install:
	"$(CURDIR)/scripts/install" "$(PREFIX)"
