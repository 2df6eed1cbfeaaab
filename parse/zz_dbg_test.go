package parse

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestDbg(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("F"))
	lines := strings.Split(string(b), "\n")
	l := lines[1]
	l = strings.TrimSuffix(strings.TrimPrefix(l, "byte("), ")")
	r, _, _, _ := strconv.UnquoteChar(strings.Trim(l, "'"), '\'')
	s, _ := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[2], "string("), ")"))
	lang := Lang(uint8(r)%7 + 1)
	t.Logf("%v %q", lang, s)
	sc := &srcScanner{out: &SourceScan{}, env: map[string][]srcVal{}, alias: map[string]string{}, star: map[string]bool{}, seen: map[string]bool{}, budget: 1 << 20}
	sc.nested(lang, s, 0)
}
