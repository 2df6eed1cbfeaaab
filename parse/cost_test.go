package parse

import "testing"

// TestAbsentMayApply: the absent analysis is skipped only where it cannot
// find anything (no rm, or neither mkdir nor cp).
func TestAbsentMayApply(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"[ -e d ] && exit; mkdir d; rm -rf d", true},
		{"test -d d || cp -R a d; /bin/rm -r d", true},
		{"mkdir d\n\\rm -r d", true},
		{"echo form; mkdir d", false},
		{"rm -rf d", false},
		{"./rm-old.sh; mkdir d", false},
		{"rm_cache; mkdir d", false},
		{"rm x; cpio -i", false},
		{"[ -e r ] && exit; git init r; git -C r reset --hard", true},
		{"git clone u r; rm -rf r", true},
		{"git status", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := absentMayApply(tt.text); got != tt.want {
			t.Errorf("absentMayApply(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
