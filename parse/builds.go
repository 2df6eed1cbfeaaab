package parse

import (
	"regexp"
	"strings"
	"sync"
)

// Build outputs a build tool of the same input makes again (issue 12,
// llvm's lit/utils/check-sdist):
//
//	if [ $# = 1 ]; then cd $1; fi
//	rm -rf lit.egg-info dist
//	python setup.py sdist
//
// After a cd to a directory not known, a relative dist is somebody else's
// as far as names go (rules/regenerable.go: build outputs are regenerable
// only where the line starts). When the same input also runs, in that same
// directory (no cd, pushd or popd between, at the same level of carriers),
// a build tool whose output directories these are, the directory is that
// tool's project and they are its outputs: setup.py sdist writes dist/,
// build/ and NAME.egg-info/. Command.Builds lists them for each rm. Only
// tools whose outputs are wholly generated are listed: sphinx-apidoc -o
// DIR is not, since sphinx-quickstart --sep keeps conf.py and index.rst in
// the same source/ directory apidoc writes to.

// buildTool is a build tool whose output directories are known, with the
// pattern its argv (without the program) must match.
type buildTool struct {
	names   []string
	args    *regexp.Regexp
	outputs []string
}

// buildTools are the build tools known, compiled on first use.
var buildTools = sync.OnceValue(func() []buildTool {
	return []buildTool{
		{[]string{"python", "python3"}, regexp.MustCompile(`^(-\S+ )*setup\.py( --?\S+)* (sdist|bdist|bdist_wheel|bdist_egg|build|egg_info)( |$)`),
			[]string{"dist", "build", "*.egg-info"}},
		{[]string{"python", "python3"}, regexp.MustCompile(`^(-\S+ )*-m build( |$)`), []string{"dist", "build", "*.egg-info"}},
		{[]string{"poetry", "hatch", "flit", "uv", "pdm"}, regexp.MustCompile(`^build( |$)`), []string{"dist"}},
	}
})

// buildOutputs returns the output directories of a build-tool command.
func buildOutputs(c *Command) []string {
	name := c.Name()
	if strings.HasPrefix(name, "python3.") {
		name = "python3"
	}
	switch name {
	case "python", "python3", "poetry", "hatch", "flit", "uv", "pdm":
	default:
		return nil // the common case: no table built
	}
	for _, t := range buildTools() {
		for _, n := range t.names {
			if n != name {
				continue
			}
			for _, w := range c.Args[1:] {
				if !w.Static {
					return nil
				}
			}
			if t.args.MatchString(strings.Join(c.Argv()[1:], " ")) {
				return t.outputs
			}
		}
	}
	return nil
}

// noteBuilds gives each rm of the input the outputs of the build tools
// run later in the same directory (Command.Builds).
func noteBuilds(cmds []*Command) {
outer:
	for i, c := range cmds {
		if c.Name() != "rm" {
			continue
		}
		for _, later := range cmds[i+1 : min(len(cmds), i+1+maxBuildLook)] {
			if changesDir(later) {
				continue outer
			}
			if !sameLevel(c, later) {
				continue
			}
			if later.Dir != c.Dir || later.Moved != c.Moved || later.DirUnsure != c.DirUnsure {
				continue outer
			}
			for _, o := range buildOutputs(later) {
				if c.Builds == nil {
					c.Builds = map[string]bool{}
				}
				c.Builds[o] = true
			}
		}
	}
}

// maxBuildLook bounds how many later commands are searched for a build tool.
const maxBuildLook = 200

// changesDir reports a cd, pushd or popd (also through builtin or
// command), or a command word not known, which may be one.
func changesDir(c *Command) bool {
	args := c.Args
	for len(args) > 1 && args[0].Static && (args[0].Value == "builtin" || args[0].Value == "command") {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	if !args[0].Static {
		return true
	}
	switch args[0].Value {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// sameLevel reports whether two commands are reached through the same
// carriers (neither inside sh -c, eval … that the other is not in).
func sameLevel(a, b *Command) bool {
	if len(a.Via) != len(b.Via) {
		return false
	}
	for i := range a.Via {
		if a.Via[i] != b.Via[i] {
			return false
		}
	}
	return true
}

// BuiltHere reports whether a path's first component is an output of a
// build tool the input runs later in the command's directory.
func (c *Command) BuiltHere(p string) bool {
	if len(c.Builds) == 0 || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.Contains(p, "$") ||
		c.Dir == "/" || HomeLike(c.Dir) {
		// The root or a home directory is nobody's build tree.
		return false
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	if first == "" || first == "." || first == ".." || strings.ContainsAny(first, "*?[") && !strings.HasSuffix(first, ".egg-info") {
		return false
	}
	if c.Builds[first] {
		return true
	}
	stem, ok := strings.CutSuffix(first, ".egg-info")
	return ok && stem != "" && !strings.ContainsAny(stem, "/[") && c.Builds["*.egg-info"]
}
