package suggest

import "testing"

func TestClosest(t *testing.T) {
	ids := []string{"git-reset-hard", "git-push-force", "rm-recursive", "check", "config"}
	for _, tt := range []struct{ word, want string }{
		{"git-rest-hard", "git-reset-hard"},
		{"rm-recursve", "rm-recursive"},
		{"chek", "check"},
		{"confg", "config"},
		{"xyz", ""},
		{"", ""},
		{"git-push-force", "git-push-force"},
	} {
		if got := Closest(tt.word, ids); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
