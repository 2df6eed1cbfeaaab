package main

import "testing"

// TestPluralWords: counts are said in the right number ("the 1 approvals"
// was a bug).
func TestPluralWords(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{plural(0, "approval"), "0 approvals"},
		{plural(1, "approval"), "1 approval"},
		{plural(2, "approval"), "2 approvals"},
		{approvalsOf(1), "the approval"},
		{approvalsOf(3), "the 3 approvals"},
		{entries(1), "1 entry"},
		{entries(0), "0 entries"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
