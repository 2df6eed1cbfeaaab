package payload

import (
	"path"
	"strings"
)

// pyPathValue folds a Python pathlib expression of literals into the path
// it names: (Path("/etc") / "passwd"), Path.home().joinpath(".ssh/id_rsa"),
// pathlib.Path("/x", "y"). The tokens [a, b) are the receiver of a method
// call; ok is false for anything else (a variable, a call of another
// function), which stays the expression's text.
func pyPathValue(st *srcStream, a, b int) (string, bool) {
	for a < b && st.is(a, "(") && st.match[a] == b-1 {
		a, b = a+1, b-1 // (…)
	}
	i := a
	if st.isWord(i, "pathlib") && st.is(i+1, ".") {
		i += 2
	}
	if i >= b || st.toks[i].kind != srcIdent {
		return "", false
	}
	var p string
	switch st.toks[i].text {
	case "Path", "PosixPath", "PurePath", "PurePosixPath":
	default:
		return "", false
	}
	switch {
	case st.is(i+1, ".") && st.isWord(i+2, "home") && st.is(i+3, "(") && st.is(i+4, ")"):
		p, i = "~", i+5
	case st.is(i+1, "("):
		end := st.match[i+1]
		if end < 0 || end >= b {
			return "", false
		}
		parts, ok := pyStrArgs(st, i+2, end)
		if !ok || len(parts) == 0 {
			return "", false
		}
		p, i = path.Join(parts...), end+1
	default:
		return "", false
	}
	for i < b {
		switch {
		case st.is(i, "/") && i+1 < b && st.toks[i+1].kind == srcStr:
			s, ok := st.toks[i+1].static()
			if !ok {
				return "", false
			}
			p, i = pyJoin(p, s), i+2
		case st.is(i, ".") && st.isWord(i+1, "joinpath") && st.is(i+2, "("):
			end := st.match[i+2]
			if end < 0 || end >= b {
				return "", false
			}
			parts, ok := pyStrArgs(st, i+3, end)
			if !ok {
				return "", false
			}
			for _, s := range parts {
				p = pyJoin(p, s)
			}
			i = end + 1
		default:
			return "", false
		}
	}
	return p, true
}

// pyJoin joins as pathlib does: an absolute part starts over.
func pyJoin(p, s string) string {
	if path.IsAbs(s) {
		return path.Clean(s)
	}
	return path.Join(p, s)
}

// pyStrArgs returns the string literals separated by commas in [a, b).
func pyStrArgs(st *srcStream, a, b int) ([]string, bool) {
	var out []string
	for i := a; i < b; i++ {
		if st.toks[i].kind != srcStr {
			return nil, false
		}
		s, ok := st.toks[i].static()
		if !ok {
			return nil, false
		}
		out = append(out, s)
		if i+1 < b {
			if !st.is(i+1, ",") {
				return nil, false
			}
			i++
		}
	}
	return out, true
}

// pyRecvStart returns where the receiver of the method whose dot is at
// token dot begins: Path . home ( ) . joinpath ( "x" ) . unlink begins at
// Path.
func pyRecvStart(st *srcStream, dot int) int {
	j := dot - 1
	for j >= 0 {
		if st.is(j, ")") {
			o := st.match[j]
			if o < 0 || o >= j {
				return -1
			}
			j = o
			if j-1 >= 0 && st.toks[j-1].kind == srcIdent {
				j--
			}
		} else if st.toks[j].kind == srcIdent {
			// a name
		} else {
			return -1
		}
		if j-1 >= 0 && st.is(j-1, ".") && j-2 >= 0 && (st.toks[j-2].kind == srcIdent || st.is(j-2, ")")) {
			j -= 2
			if st.is(j, ")") {
				continue
			}
			continue
		}
		return j
	}
	return -1
}

// pathVarMethod handles a pathlib method called on a variable that holds
// a Path of literals: p = Path("/etc/passwd"); p.unlink(). name is the
// call's dotted name (p.unlink) and j the token of its "(". It reports
// whether it did.
func (sc *srcScanner) pathVarMethod(st *srcStream, name string, j int) bool {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || strings.Contains(name[:dot], ".") || !st.is(j-2, ".") {
		return false
	}
	switch name[dot+1:] {
	case "unlink", "rmdir", "write_text", "write_bytes", "touch", "open", "symlink_to", "hardlink_to", "rename", "replace", "chmod", "lchmod":
	default:
		return false
	}
	v, found := sc.lookup(st, name[:dot])
	if !found || v.static || v.isList || len(v.alts) > 0 || v.text == "" {
		return false
	}
	toks, deep := srcLex(LangPython, v.text, 0)
	if deep || len(toks) == 0 {
		return false
	}
	p, ok := pyPathValue(srcNewStream(LangPython, v.text, toks), 0, len(toks))
	if !ok {
		return false
	}
	sc.pathObj(st, srcStatic(p), j-2)
	return true
}
