package release

import (
	"bytes"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"aead.dev/minisign"
)

func testKey(t *testing.T) (string, minisign.PrivateKey) {
	t.Helper()
	pub, priv, err := minisign.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub.String(), priv
}

func TestParseSums(t *testing.T) {
	d := strings.Repeat("ab", 32)
	tests := []struct {
		name, in, err string
	}{
		{"ok", d + "  guardsh_1.0.0_linux_amd64.tar.gz\n", ""},
		{"binary marker", d + " *a.tar.gz\n", ""},
		{"crlf", d + "  a.tar.gz\r\n", ""},
		{"duplicate", d + "  a.tar.gz\n" + d + "  a.tar.gz\n", "listed twice"},
		{"duplicate other digest", d + "  a.tar.gz\n" + strings.Repeat("cd", 32) + "  a.tar.gz\n", "listed twice"},
		{"short digest", "abcd  a.tar.gz\n", "want"},
		{"not hex", strings.Repeat("zz", 32) + "  a.tar.gz\n", "not a hex"},
		{"one space", d + " a.tar.gz\n", "two spaces"},
		{"path", d + "  ../a.tar.gz\n", "plain file name"},
		{"empty", "\n", "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSums([]byte(tt.in))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("ParseSums(%q) = %v, want error containing %q", tt.in, err, tt.err)
			}
		})
	}
}

func TestSumsRoundTrip(t *testing.T) {
	s := Sums{"b.tar.gz": Digest([]byte("b")), "a.tar.gz": Digest([]byte("a"))}
	got, err := ParseSums(s.Format())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got.Check("a.tar.gz", []byte("a")) != nil || got.Check("b.tar.gz", []byte("a")) == nil || got.Check("c", nil) == nil {
		t.Fatalf("round trip: %v", got)
	}
	if !strings.HasPrefix(string(s.Format()), Digest([]byte("a"))+"  a.tar.gz\n") {
		t.Fatalf("not sorted: %s", s.Format())
	}
}

func TestSignVerify(t *testing.T) {
	pub, priv := testKey(t)
	other, _ := testKey(t)
	data := []byte("hello")
	sig := Sign(priv, "x", data)
	if !bytes.Equal(sig, Sign(priv, "x", data)) {
		t.Error("signatures of the same data differ: releases would not be reproducible")
	}
	if err := Verify(pub, data, sig); err != nil {
		t.Fatalf("good signature: %v", err)
	}
	if err := Verify(pub, []byte("hellO"), sig); err == nil {
		t.Error("tampered data verified")
	}
	if err := Verify(other, data, sig); err == nil || !strings.Contains(err.Error(), "another key") {
		t.Errorf("other key: %v", err)
	}
	if err := Verify(pub, data, []byte("garbage")); err == nil {
		t.Error("garbage signature verified")
	}
	if err := Verify(PublicKey, data, sig); err == nil {
		t.Error("the project key verified a throwaway key's signature")
	}
}

func TestArchiveReproducibleAndExtract(t *testing.T) {
	files := []File{{Name: "guardsh", Mode: 0o755, Data: []byte("#!bin")}, {Name: "README.md", Mode: 0o644, Data: []byte("doc")}}
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a, err := Archive(files, when)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(1100 * time.Millisecond)
	b, _ := Archive(files, when.In(time.FixedZone("x", 3600)))
	if !bytes.Equal(a, b) {
		t.Fatal("two archives of the same files differ")
	}
	got, err := Extract(a, "guardsh")
	if err != nil || string(got) != "#!bin" {
		t.Fatalf("Extract = %q, %v", got, err)
	}
	if _, err := Extract(a, "missing"); err == nil {
		t.Error("missing entry extracted")
	}
	twice, _ := Archive(append(files, files[0]), when)
	if _, err := Extract(twice, "guardsh"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate entry: %v", err)
	}
	if _, err := Extract(a[:len(a)/2], "guardsh"); err == nil {
		t.Error("truncated archive extracted")
	}
	if _, err := Extract([]byte("not gzip"), "guardsh"); err == nil {
		t.Error("garbage extracted")
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b string
		c    int
		ok   bool
	}{
		{"1.2.3", "1.2.3", 0, true},
		{"1.2.10", "1.2.9", 1, true},
		{"v2.0.0", "1.9.9", 1, true},
		{"1.0.0-rc.1", "1.0.0", -1, true},
		{"1.0.0", "dev", 0, false},
		{"1.0", "1.0.0", 0, false},
		{"01.0.0", "1.0.0", 0, false},
	}
	for _, tt := range tests {
		if c, ok := Compare(tt.a, tt.b); c != tt.c || ok != tt.ok {
			t.Errorf("Compare(%q, %q) = %d, %v; want %d, %v", tt.a, tt.b, c, ok, tt.c, tt.ok)
		}
	}
}

func TestAllowedURL(t *testing.T) {
	for _, u := range []string{"https://example.com/x", "http://127.0.0.1:8080/x", "http://[::1]/x"} {
		if err := allowedURL(u); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"http://example.com/x", "file:///etc/passwd", "ftp://x/y", "http://localhost.evil/x"} {
		if err := allowedURL(u); err == nil {
			t.Errorf("%s allowed", u)
		}
	}
}
