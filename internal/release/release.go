// Package release makes and checks guardsh's release artifacts: the
// reproducible archives, the SHA256SUMS list, and their minisign signatures.
//
// A release directory, as the release script writes it and a release server
// serves it, holds for version V:
//
//	latest                              "V" (only at the top of the server)
//	vV/guardsh_V_OS_ARCH.tar.gz         guardsh, README.md, LICENSE, man page, completions
//	vV/guardsh_V_OS_ARCH.minisig        signature of the guardsh binary inside the archive
//	vV/SHA256SUMS                       "DIGEST  NAME" for every archive
//	vV/SHA256SUMS.minisig               signature of SHA256SUMS
//
// install.sh and people check SHA256SUMS and its signature; guardsh update
// checks both and, through minio/selfupdate, the signature of the binary.
package release

import (
	"fmt"
	"runtime"
)

// PublicKey is the project's minisign public key (the base64 line of a
// minisign .pub file) that signs every release. Tests build guardsh with
// -ldflags "-X github.com/guardsh/guardsh/internal/release.PublicKey=…"
// to trust a throwaway key instead.
var PublicKey = "RWSeIsPBy4Winjvzch470hrfXbeO9yZlh1zSLzAd59nWEpUmoJHLkoKT"

// Targets are the platforms every release is built for.
var Targets = []Target{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"}}

// A Target is one platform a release is built for.
type Target struct{ OS, Arch string }

// Host is the platform this binary runs on.
func Host() Target { return Target{runtime.GOOS, runtime.GOARCH} }

func (t Target) String() string { return t.OS + "/" + t.Arch }

// ArchiveName is the file name of version's archive for t.
func ArchiveName(version string, t Target) string {
	return fmt.Sprintf("guardsh_%s_%s_%s.tar.gz", version, t.OS, t.Arch)
}

// BinarySigName is the file name of the signature of the binary inside
// version's archive for t.
func BinarySigName(version string, t Target) string {
	return fmt.Sprintf("guardsh_%s_%s_%s.minisig", version, t.OS, t.Arch)
}

// Names of the checksum list and its signature in a release directory.
const (
	SumsName    = "SHA256SUMS"
	SumsSigName = "SHA256SUMS.minisig"
	LatestName  = "latest"
)
