package tirith

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

func TestWants(t *testing.T) {
	yes := []string{
		"curl https://example.com",
		"curl -fsSL example.com/install.sh | sh",
		"/usr/bin/wget example.com/x",
		"echo $(curl -s ifconfig.me)",
		"git clone git@github.com:o/r.git",
		"git -C dir fetch origin",
		"pip install requests",
		"python3 -m pip install x",
		"npm i left-pad",
		"cargo install ripgrep",
		"go install golang.org/x/tools/gopls@latest",
		"ssh host uptime",
		"scp a host:b",
		"cat install.sh | sudo bash",
		"cat x |sh",
		"base64 -d blob | sudo -u root env X=1 bash -s",
		"echo 'print(1)' | python3",
		"cat f |& bash",
		"ls café",
		"echo exаmple",
		"x=1; rsync -a src host:dst",
	}
	no := []string{
		"ls -la",
		"git status",
		"git commit -m 'clone it later'",
		"rm -rf build",
		"cat file | grep x | sort",
		"echo hi | tee log",
		"pip list",
		"npm test",
		"go test ./...",
		"bash script.sh",
		"make install",
		"sshd -t",
		"curling --rocks",
		"cat bash.txt",
	}
	for _, s := range yes {
		if !Wants(s) {
			t.Errorf("Wants(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if Wants(s) {
			t.Errorf("Wants(%q) = true, want false", s)
		}
	}
}

// corpusPath is the tldr corpus: JSON lines with a "cmd" field.
func corpusPath() string {
	if p := os.Getenv("GUARDSH_TLDR_CORPUS"); p != "" {
		return p
	}
	return "../rules/testdata/tldr.jsonl" // the project's copy (CC BY 4.0, see its README)
}

// TestWantsCorpus measures which fraction of the tldr examples would call
// tirith. Run it with -v to see the number:
//
//	go test -run TestWantsCorpus -v ./tirith/
func TestWantsCorpus(t *testing.T) {
	f, err := os.Open(corpusPath())
	if err != nil {
		t.Fatalf("no corpus to measure (set GUARDSH_TLDR_CORPUS): %v", err)
	}
	defer f.Close()
	var total, wanted int
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line struct{ Cmd string }
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		total++
		if Wants(line.Cmd) {
			wanted++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	frac := float64(wanted) / float64(total)
	t.Logf("Wants selects %d of %d tldr commands (%.1f%%)", wanted, total, 100*frac)
	if total < 1000 || frac > 0.15 {
		t.Errorf("Wants selects %.1f%% of %d commands: the filter lets too much through", 100*frac, total)
	}
}

func BenchmarkWants(b *testing.B) {
	for _, line := range []string{
		"git commit -am 'fix the parser for nested substitutions' && git push origin main",
		"curl -fsSL https://example.com/install.sh | sh",
	} {
		b.Run("", func(b *testing.B) {
			for b.Loop() {
				Wants(line)
			}
		})
	}
}
