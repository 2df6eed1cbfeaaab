package approve

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"sync"
	"testing"
	"time"
)

func testPendingStore(t *testing.T) (*PendingStore, *time.Time) {
	t.Helper()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := OpenPending(t.TempDir())
	s.Now = func() time.Time { return now }
	return s, &now
}

func TestPendingRoundTrip(t *testing.T) {
	s, now := testPendingStore(t)
	p, err := s.Record("git reset --hard", "/work", []string{"git-reset-hard"}, "sess1", "shell")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-HJKMNP-Z2-9]{6}$`).MatchString(p.Code) {
		t.Errorf("code %q is not 6 unambiguous characters", p.Code)
	}
	if !p.Expires.Equal(now.Add(10 * time.Minute)) {
		t.Errorf("expires %v", p.Expires)
	}
	// Not approved yet: nothing to consume.
	if got, err := s.Consume("git reset --hard", "/work"); err != nil || got != nil {
		t.Fatalf("Consume before approval = %v, %v", got, err)
	}
	// The same command again reuses the code.
	q, err := s.Record("git reset --hard", "/work", nil, "", "shell")
	if err != nil || q.Code != p.Code {
		t.Fatalf("second Add = %v, %v; want code %s", q, err, p.Code)
	}
	// Lower case with a dash is the same code.
	lower := fmt.Sprintf("%s-%s", p.Code[:3], p.Code[3:])
	if g, err := s.Lookup(string([]rune(lower))); err != nil || g.Command != "git reset --hard" {
		t.Fatalf("Get(%q) = %v, %v", lower, g, err)
	}
	if _, err := s.Approve(p.Code); err != nil {
		t.Fatal(err)
	}
	// Another directory or another command is not covered.
	for _, c := range [][2]string{{"git reset --hard", "/other"}, {"git reset --hard HEAD~1", "/work"}} {
		if got, _ := s.Consume(c[0], c[1]); got != nil {
			t.Errorf("Consume(%q, %q) matched", c[0], c[1])
		}
	}
	got, err := s.Consume("git reset --hard", "/work")
	if err != nil || got == nil || got.Code != p.Code {
		t.Fatalf("Consume = %v, %v", got, err)
	}
	// Spent: once only.
	if got, _ := s.Consume("git reset --hard", "/work"); got != nil {
		t.Error("approval used twice")
	}
	if _, err := s.Approve(p.Code); !errors.Is(err, ErrPendingNotFound) {
		t.Errorf("Approve spent code: %v", err)
	}
}

func TestPendingExpiry(t *testing.T) {
	s, now := testPendingStore(t)
	p, _ := s.Record("rm -r x", "/d", nil, "", "shell")
	*now = now.Add(11 * time.Minute)
	if _, err := s.Approve(p.Code); !errors.Is(err, ErrPendingNotFound) {
		t.Errorf("Approve expired code: %v", err)
	}
	p, _ = s.Record("rm -r x", "/d", nil, "", "shell")
	s.Approve(p.Code)
	*now = now.Add(10*time.Minute + time.Second)
	if got, _ := s.Consume("rm -r x", "/d"); got != nil {
		t.Error("expired approval was used")
	}
	list, _ := s.List()
	if len(list) != 0 {
		t.Errorf("expired records kept: %v", list)
	}
}

func TestPendingBrokenFile(t *testing.T) {
	s, _ := testPendingStore(t)
	if err := os.WriteFile(s.Path, []byte(`{"not": "a list"`), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Consume("x", "/"); got != nil || err != nil {
		t.Errorf("Consume on a broken file = %v, %v", got, err)
	}
	if _, err := s.Record("x", "/", nil, "", ""); err != nil {
		t.Errorf("Add after a broken file: %v", err)
	}
}

func TestPendingConcurrent(t *testing.T) {
	s, _ := testPendingStore(t)
	var wg sync.WaitGroup
	const n = 40
	codes := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			other := &PendingStore{Path: s.Path, Now: s.Now}
			p, err := other.Record(fmt.Sprintf("cmd %d", i), "/d", nil, "", "")
			if err != nil {
				t.Error(err)
				return
			}
			codes[i] = p.Code
		}()
	}
	wg.Wait()
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != n {
		t.Fatalf("%d records after %d concurrent adds", len(list), n)
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if seen[c] {
			t.Errorf("code %s given twice", c)
		}
		seen[c] = true
	}
}
