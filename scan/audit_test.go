package scan

import (
	"strings"
	"testing"
)

// TestWorkflowPlaceholderKeepsOffsets: every ${{ … }}, also one shorter
// than the placeholder word, is replaced by a word of its own length, so
// a finding's offsets, line and column are the file's, the step's own
// text can be put back, and an injection knows where it is in the file.
func TestWorkflowPlaceholderKeepsOffsets(t *testing.T) {
	wf := "jobs:\n  a:\n    steps:\n      - run: |\n          echo ${{x}} ${{ env.URL }}\n          echo \"${{ github.event.issue.title }}\"\n"
	snips, inj := Workflow(wf)
	if len(snips) != 1 {
		t.Fatalf("snippets = %+v", snips)
	}
	s := snips[0]
	want := "echo GITHUB GITHUB_EXPR___\necho \"GITHUB_EXPR" + strings.Repeat("_", 20) + "\""
	if strings.TrimSuffix(s.Text, "\n") != want {
		t.Errorf("text = %q, want %q", s.Text, want)
	}
	if got := s.Original(5, 26, s.Text[5:26]); got != "${{x}} ${{ env.URL }}" {
		t.Errorf("Original = %q", got)
	}
	if got := s.Original(0, 4, "other"); got != "other" {
		t.Errorf("Original of text that is not the snippet's = %q", got)
	}
	if len(inj) != 1 {
		t.Fatalf("injections = %+v", inj)
	}
	in := inj[0]
	if in.Line != 6 || in.Col != 17 || wf[in.Start:in.End] != "${{ github.event.issue.title }}" {
		t.Errorf("injection = %+v (file text %q)", in, wf[in.Start:in.End])
	}
}
