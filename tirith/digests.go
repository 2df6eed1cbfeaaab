package tirith

// The SHA-256 of the tirith *binary* — the top-level "tirith" file of the
// release archive, as unpacked — per version and release asset, compiled
// into guardsh. An install of a version and platform listed here must
// unpack exactly this binary, whatever the release server's checksums.txt
// says: checksums.txt comes from the same server as the archive, so on its
// own it only proves that the download arrived intact. An own copy in
// guardsh's data directory is checked against this table again before it is
// run (see verifyOwn).
//
// Where each digest comes from. tirith's release workflow
// (.github/workflows/release.yml in github.com/sheeki03/tirith, job
// publish-npm) unpacks each release archive and copies its "tirith" file
// into the npm package of that platform as package/bin/tirith, so the
// npm registry holds the same binary as the GitHub release, published by a
// different channel (npm provenance, a different token). To recompute one:
//
//	npm pack @sheeki03/tirith-linux-x64@0.4.2
//	tar -xzf sheeki03-tirith-linux-x64-0.4.2.tgz package/bin/tirith
//	sha256sum package/bin/tirith
//
// (.ci/install-tirith.sh fetches the same package for the tests, and
// TestKnownDigestOfRealBinary checks the binary it gets against this table.)
//
//   - 0.4.2, tirith-x86_64-unknown-linux-gnu.tar.gz: from
//     @sheeki03/tirith-linux-x64@0.4.2, tarball
//     sheeki03-tirith-linux-x64-0.4.2.tgz (npm shasum
//     94f6f2cd48a54837b9d3bc475eeeb978d90c80d6, integrity
//     sha512-EVxMj7b2hL1REprfC8IIRJ56rTNKBm+rJc92oY6vijEubUW8medNS+dOgux1qywD2kMWCkDRx/uWTI91PSU8ew==),
//     package/bin/tirith, 38,911,512 bytes, which reports "tirith 0.4.2".
//     Computed on 2026-12-01.
//   - 0.4.2 on the other platforms: none. `npm view` of
//     @sheeki03/tirith-linux-arm64@0.4.2, @sheeki03/tirith-darwin-arm64@0.4.2
//     and @sheeki03/tirith-darwin-x64@0.4.2 answered 404 on 2026-12-01, so
//     no binary could be obtained but from the release server itself. Those
//     platforms are treated like any version guardsh does not know: the
//     install needs cosign on PATH or a tirith.sha256 pin.
//
// A new default version needs its digests here, computed the same way, or
// every install of it without cosign or a pin is refused.
var knownBinaries = map[string]map[string]string{
	"0.4.2": {
		"tirith-x86_64-unknown-linux-gnu.tar.gz": "b3a4d07ed3512b7b0fc7361310fc6db4cd9d993894f579b5cd34126dd2d02ae0",
	},
}

// KnownDigest returns the SHA-256 guardsh knows for the tirith binary of
// version in the release asset, and whether it knows one.
func KnownDigest(version, asset string) (string, bool) {
	d, ok := knownBinaries[version][asset]
	return d, ok
}

// knownBinary returns the version and asset whose binary has SHA-256 sum,
// if guardsh knows one.
func knownBinary(sum string) (version, asset string, ok bool) {
	for v, assets := range knownBinaries {
		for a, d := range assets {
			if d == sum {
				return v, a, true
			}
		}
	}
	return "", "", false
}
