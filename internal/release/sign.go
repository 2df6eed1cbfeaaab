package release

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"aead.dev/minisign"
)

// Sign returns a minisign signature (prehashed, as minisign 0.10 and later
// make by default) of data, whose trusted comment names the file. ed25519
// is deterministic, so the same key, name and data give the same signature.
func Sign(key minisign.PrivateKey, name string, data []byte) []byte {
	r := minisign.NewReader(bytes.NewReader(data))
	io.Copy(io.Discard, r) // a bytes.Reader does not fail
	return r.SignWithComments(key, "file:"+name, "signature from guardsh release key")
}

// Verify checks a minisign signature of data against a public key given as
// its base64 line (or a whole .pub file).
func Verify(publicKey string, data, signature []byte) error {
	var pk minisign.PublicKey
	if err := pk.UnmarshalText([]byte(strings.TrimSpace(publicKey))); err != nil {
		return fmt.Errorf("bad release public key: %v", err)
	}
	var sig minisign.Signature
	if err := sig.UnmarshalText(signature); err != nil {
		return fmt.Errorf("malformed signature: %v", err)
	}
	if sig.KeyID != pk.ID() {
		return fmt.Errorf("signed by another key (key id %X, want %X)", sig.KeyID, pk.ID())
	}
	if !minisign.Verify(pk, data, signature) {
		return errors.New("the signature does not match the data")
	}
	return nil
}

// LoadPrivateKey reads a minisign private key: the text in the environment
// variable GUARDSH_RELEASE_KEY if it is set, else the file at path. An
// encrypted key is decrypted with GUARDSH_RELEASE_KEY_PASSWORD.
func LoadPrivateKey(path string) (minisign.PrivateKey, error) {
	var text []byte
	if v := os.Getenv("GUARDSH_RELEASE_KEY"); v != "" {
		text = []byte(v)
	} else if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return minisign.PrivateKey{}, fmt.Errorf("read the release key: %w", err)
		}
		text = b
	} else {
		return minisign.PrivateKey{}, errors.New("no release key: set GUARDSH_RELEASE_KEY or pass -key FILE")
	}
	if minisign.IsEncrypted(text) {
		k, err := minisign.DecryptKey(os.Getenv("GUARDSH_RELEASE_KEY_PASSWORD"), text)
		if err != nil {
			return k, fmt.Errorf("decrypt the release key (GUARDSH_RELEASE_KEY_PASSWORD): %w", err)
		}
		return k, nil
	}
	var k minisign.PrivateKey
	if err := k.UnmarshalText(text); err != nil {
		return k, fmt.Errorf("parse the release key: %w", err)
	}
	return k, nil
}
