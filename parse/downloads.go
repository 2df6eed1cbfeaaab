package parse

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/programs"
)

// Downloads to a path held in a variable (issue 12: "a download in one
// function run by another"). curl -o "$d/get.sh", wget -O "$TMP/x",
// curl URL > "$f": the path is not known, but the same words later name the
// same file as long as the variables in them were not assigned again (an
// assignment changes the shape the value is kept as). A script that
// downloads to such a path and then runs it (sh "$f", "$d/get.sh",
// . "$f"), in the same function or another, runs what the network sent.
//
// Only network downloads are kept this way, and only paths whose unknown
// parts are named variables: positional parameters ($1 differs from one
// call to the next), command substitutions and .. are not.

// shapeKey returns the key under which a download to the dynamic path
// name is kept, or "".
func shapeKey(name string) string {
	if !strings.Contains(name, "${") || strings.Contains(name, "$(") || strings.Contains(name, "..") || len(name) > 512 {
		return ""
	}
	for i := 0; i+2 < len(name); i++ {
		if name[i] == '$' && name[i+1] == '{' {
			c := name[i+2]
			if c >= '0' && c <= '9' || c == '@' || c == '*' || c == '#' || c == '?' || c == '!' || c == '-' {
				return ""
			}
		}
	}
	return "shape:" + name
}

// putDownload records a download from the network to the dynamic path
// name.
func (f *files) putDownload(name string) {
	k := shapeKey(name)
	if f == nil || k == "" {
		return
	}
	if f.m == nil {
		f.m = map[string]*fileState{}
	}
	if len(f.m) < 4096 {
		f.m[k] = &fileState{origin: "network"}
	}
}

// downloaded reports whether the dynamic path name was downloaded to by
// this input.
func (f *files) downloaded(name string) bool {
	k := shapeKey(name)
	if f == nil || f.m == nil || k == "" {
		return false
	}
	st := f.m[k]
	return st != nil && st.origin == "network"
}

// dynamicDownloads records the downloads of c to dynamic paths.
func (p *parser) dynamicDownloads(c *Command) {
	fs := p.vars.files
	if fs == nil || len(c.Args) == 0 {
		return
	}
	name := c.Name()
	if networkTools()[name] {
		for _, r := range c.Redirs {
			if r.Writes() && !r.Target.Static && (r.Fd == "" || r.Fd == "1") {
				fs.putDownload(r.Target.Value)
			}
		}
	}
	for i, a := range c.Args {
		v := a.Value
		if eq := strings.IndexByte(v, '='); eq > 0 && strings.HasPrefix(v, "--") {
			// --output=PATH
			if !a.Static && (name == "curl" && v[:eq] == "--output" || name == "wget" && v[:eq] == "--output-document") {
				fs.putDownload(v[eq+1:])
			}
			continue
		}
		if !a.Static || !strings.HasPrefix(v, "-") {
			continue
		}
		if i+1 >= len(c.Args) || c.Args[i+1].Static {
			continue
		}
		// -o PATH, -sSLo PATH; wget -O PATH, -qO PATH.
		short := !strings.HasPrefix(v, "--")
		switch {
		case name == "curl" && (v == "--output" || short && strings.HasSuffix(v, "o")),
			name == "wget" && (v == "--output-document" || short && strings.HasSuffix(v, "O")):
			fs.putDownload(c.Args[i+1].Value)
		}
	}
}

// ranDownload marks c as running code from the network when the file it
// runs is a dynamic path this input downloaded to: "$f" or "$d/get.sh" as
// the command, or sh "$f", . "$f" (code guardsh could not read).
func (p *parser) ranDownload(c *Command) {
	fs := p.vars.files
	if fs == nil || len(c.Args) == 0 {
		return
	}
	if w := c.Args[0]; !w.Static && fs.downloaded(w.Value) {
		c.fileCode("network", "run "+w.Value+" (downloaded by this input)")
		return
	}
	if c.CodeSource != "dynamic" {
		return
	}
	for _, w := range c.Args[1:] {
		if !w.Static && strings.HasSuffix(c.CodeDetail, " "+w.Value) && fs.downloaded(w.Value) {
			c.CodeSource, c.CodeDetail = "network", c.CodeDetail+" (downloaded by this input)"
			return
		}
	}
}

// maxDynamicCalls bounds the calls with dynamic arguments whose function
// body is walked again, per function and per input.
const (
	maxDynamicCallsPerFunc = 4
	maxDynamicCalls        = 64
)

// dynamicCall reports whether a call of function name with some dynamic
// arguments is walked again with their shapes as $1, $2, …: when one of
// them is a path with a named variable in it (fetch "$url" "$d/get.sh"),
// within the bounds above.
func (p *parser) dynamicCall(name string, args []Word) bool {
	useful := false
	for _, w := range args {
		if !w.Static && shapeKey(w.Value) != "" {
			useful = true
		}
	}
	if !useful && !passesArgs(args) {
		return false
	}
	if p.dynCalls == nil {
		p.dynCalls = map[string]int{}
	}
	if p.dynCalls[name] >= maxDynamicCallsPerFunc || p.dynCalls[""] >= maxDynamicCalls {
		return false
	}
	p.dynCalls[name]++
	p.dynCalls[""]++
	return true
}

// downloadFiles returns the files curl or wget writes, read by the
// program's grammar (curl -fsSLo x, -ox, --output=x, wget -qO x,
// --output-document=x; curl --output-dir D -O): the value of an output
// option, and for curl -O (--remote-name, --remote-name-all) and a wget
// without -O the last part of each URL's path. Only static words count.
func downloadFiles(c *Command) []string {
	name := c.Name()
	g := programs.Lookup(name)
	if g == nil || len(c.Args) < 2 {
		return nil
	}
	words := make([]string, len(c.Args)-1)
	for i, w := range c.Args[1:] {
		words[i] = w.Value
	}
	pp := g.Parse(words, programs.Env{Lenient: true})
	static := func(i int) bool { return i >= 0 && i+1 < len(c.Args) && c.Args[1+i].Static }
	var urls []string
	for _, i := range pp.Operands {
		if static(i) {
			if b := urlFileName(words[i]); b != "" {
				urls = append(urls, b)
			}
		}
	}
	var out []string
	dir := ""
	for _, w := range g.Written(pp) {
		if !static(w.Word) {
			continue
		}
		if w.Dir {
			dir = strings.TrimSuffix(w.Path, "/") + "/"
			continue
		}
		out = append(out, w.Path)
	}
	remote := false
	switch name {
	case "curl":
		remote = pp.Has("remote-name", "remote-name-all")
	case "wget":
		_, named := pp.Get("output-document")
		remote = !named
	}
	if remote {
		for _, u := range urls {
			out = append(out, dir+u)
		}
	}
	return out
}

// urlFileName returns the last part of a URL's path, or "".
func urlFileName(u string) string {
	if !strings.Contains(u, "://") {
		return ""
	}
	if j := strings.IndexAny(u, "?#"); j >= 0 {
		u = u[:j]
	}
	if i := strings.Index(u, "://"); !strings.Contains(u[i+3:], "/") {
		return ""
	}
	b := path.Base(u)
	if b == "" || b == "/" || b == "." || strings.Contains(b, ":") {
		return ""
	}
	return b
}
