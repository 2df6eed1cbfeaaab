package parse

import (
	"strings"

	"github.com/guardsh/guardsh/payload"
)

// envLoadedFiles checks the files an environment variable given to the
// command makes it load and run as code: LD_PRELOAD and LD_AUDIT (shared
// objects every program loads), PYTHONSTARTUP (an interactive python runs
// it first), NODE_OPTIONS' --require and --import (node loads the module
// before the script), RUBYOPT's -r, and a JVM's -javaagent: in
// JAVA_TOOL_OPTIONS, _JAVA_OPTIONS or JDK_JAVA_OPTIONS. Only files this
// input wrote or downloaded are read (a library on disk is the machine's),
// so curl -o /tmp/x.so URL; LD_PRELOAD=/tmp/x.so ls runs the download as
// BASH_ENV=/tmp/x bash -c true does.
//
// An export of one of them (and of BASH_ENV or ENV) loads the file in the
// next program or shell the line runs: export LD_PRELOAD=/tmp/x.so; ls.
func (p *parser) envLoadedFiles(c *Command) {
	p.redteam7Env(c) // TAR_OPTIONS, LESS, GIT_CONFIG_PARAMETERS, BASH_ENV=<(…) (redteam7.go)
	for _, a := range c.Env {
		if !a.Value.Static || a.Value.Value == "" {
			continue
		}
		for _, f := range envLoads(a.Name, a.Value.Value) {
			w := a.Value
			w.Value = f.path
			p.runFile(c, a.Name+"=", w, f.lang, f.lang == 0, false)
		}
	}
	if n := c.Name(); n != "export" && n != "declare" && n != "typeset" {
		return
	}
	for _, w := range c.Args[1:] {
		name, v, ok := strings.Cut(w.Value, "=")
		if !ok || !w.Static || v == "" {
			continue
		}
		loads := envLoads(name, v)
		if name == "BASH_ENV" || name == "ENV" {
			loads = append(loads, envLoad{path: v})
		}
		for _, f := range loads {
			fw := w
			fw.Value = f.path
			p.runFile(c, "export "+name+"=", fw, f.lang, false, false)
		}
	}
}

// An envLoad is a file an environment variable loads, in its language
// (0: a program or shared object).
type envLoad struct {
	path string
	lang payload.Lang
}

// envLoads returns the files the value of environment variable name loads.
func envLoads(name, v string) []envLoad {
	var out []envLoad
	switch name {
	case "LD_PRELOAD", "LD_AUDIT":
		for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' }) {
			out = append(out, envLoad{path: f})
		}
	case "PYTHONSTARTUP":
		out = append(out, envLoad{v, payload.LangPython})
	case "NODE_OPTIONS":
		ws := strings.Fields(v)
		for i, w := range ws {
			for _, o := range []string{"--require", "-r", "--import", "--loader", "--experimental-loader"} {
				if w == o && i+1 < len(ws) {
					out = append(out, envLoad{ws[i+1], payload.LangNode})
				} else if f, ok := strings.CutPrefix(w, o+"="); ok && strings.HasPrefix(o, "--") {
					out = append(out, envLoad{f, payload.LangNode})
				}
			}
		}
	case "RUBYOPT":
		ws := strings.Fields(v)
		for i, w := range ws {
			if w == "-r" && i+1 < len(ws) {
				out = append(out, envLoad{ws[i+1], payload.LangRuby})
			} else if f, ok := strings.CutPrefix(w, "-r"); ok && f != "" {
				out = append(out, envLoad{f, payload.LangRuby})
			}
		}
	case "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS":
		for _, w := range strings.Fields(v) {
			if f, ok := strings.CutPrefix(w, "-javaagent:"); ok {
				f, _, _ = strings.Cut(f, "=")
				out = append(out, envLoad{path: f})
			}
		}
	}
	return out
}
