package parse

import (
	"bytes"
	"compress/gzip"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"io"
	"slices"
	"strings"
)

// decode returns what a decoding command prints for a static input: cat, tee,
// base64 -d, base32 -d, xxd -r -p, rev, gzip -d. It reports false for any
// other command, or input it cannot decode.
func decode(argv []string, in string) (string, bool) {
	args := argv[1:]
	has := func(flags ...string) bool {
		return slices.ContainsFunc(args, func(a string) bool { return slices.Contains(flags, a) })
	}
	switch argv[0] {
	case "cat", "tee":
		for _, a := range args {
			if a != "-" && !strings.HasPrefix(a, "-") && argv[0] == "cat" {
				return "", false
			}
		}
		return in, true
	case "base64":
		if has("-d", "--decode", "-D", "-di", "-id") {
			return decodeBase64(in)
		}
	case "openssl":
		if (has("base64") || has("enc") && has("-base64", "-a")) && has("-d") {
			return decodeBase64(in)
		}
	case "base32":
		if has("-d", "--decode") {
			b, err := base32.StdEncoding.DecodeString(strip(in))
			return string(b), err == nil
		}
	case "xxd":
		if has("-r") && has("-p", "-ps", "-plain") || has("-rp", "-pr", "-r -p") {
			b, err := hex.DecodeString(strip(in))
			return string(b), err == nil
		}
	case "head", "tail", "tr", "sed":
		return filter(argv, in)
	case "rev":
		lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
		for i, l := range lines {
			r := []rune(l)
			slices.Reverse(r)
			lines[i] = string(r)
		}
		return strings.Join(lines, "\n") + "\n", true
	case "gunzip", "zcat", "gzip":
		if argv[0] == "gzip" && !has("-d", "--decompress", "-dc", "-cd") {
			return "", false
		}
		zr, err := gzip.NewReader(strings.NewReader(in))
		if err != nil {
			return "", false
		}
		b, err := io.ReadAll(io.LimitReader(zr, maxInput+1))
		if err != nil || len(b) > maxInput {
			return "", false
		}
		return string(b), true
	}
	return "", false
}

func strip(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' {
			return -1
		}
		return r
	}, s)
}

func decodeBase64(in string) (string, bool) {
	s := strip(in)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return string(bytes.ToValidUTF8(b, []byte("\uFFFD"))), true
		}
	}
	return "", false
}
