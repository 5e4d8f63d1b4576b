package table

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"slices"
	"strings"
)

// Source, in source_hash.go, is the SHA-256 of the non-test Go files of
// packages rules and rules/solver (see sourceHash), written there by
// TestSourceFresh, which fails when it is not that of the files compiled
// into the program. Every file of a table records the Source it was built
// with; a table built with another is stale, and Open refuses it.
//
//go:generate go test -run TestSourceFresh -update .

// sourceHash returns the hex SHA-256 of the non-test Go files of the
// given packages, named by their import paths: for each package in turn,
// each file sorted by name, its path, a NUL, its length in 8 bytes and
// its contents.
func sourceHash(pkgs []string, srcs []fs.FS) (string, error) {
	h := sha256.New()
	for i, src := range srcs {
		names, err := fs.Glob(src, "*.go")
		if err != nil {
			return "", err
		}
		slices.Sort(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			b, err := fs.ReadFile(src, name)
			if err != nil {
				return "", err
			}
			h.Write([]byte(pkgs[i] + "/" + name + "\x00"))
			h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(b))))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
