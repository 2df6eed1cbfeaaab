package scan

import "strings"

// A ynode is one node of the small YAML reader that finds a workflow's
// structure (jobs, runs-on, container, strategy.matrix, env, steps and
// their uses:/with:). It reads block mappings and sequences, flow
// sequences and mappings of scalars, quoted and plain scalars and block
// scalars; anchors, aliases, tags and nested flow collections make a node
// Unknown, and whatever guardsh cannot follow is unknown too: callers
// decide the safe answer for an unknown node (a persistent machine, an
// unresolved expression). The run: steps themselves are found by the line
// reader of Workflow, which never skips text.
type ynode struct {
	Line    int    // 1-based line of the key or item
	Key     string // mapping key; "" for a sequence item
	Value   string // scalar value, unquoted; a block scalar's lines joined by \n
	Kids    []*ynode
	Seq     bool // Kids are sequence items
	Scalar  bool // Value is set (a scalar, not a collection)
	Unknown bool // not read: an alias, an anchor or tag guardsh does not follow, a nested flow collection
}

// get returns the mapping child with key k, or nil.
func (n *ynode) get(k string) *ynode {
	if n == nil || n.Seq {
		return nil
	}
	for _, c := range n.Kids {
		if c.Key == k {
			return c
		}
	}
	return nil
}

type ytok struct {
	line, ind int
	text      string
}

type yreader struct {
	t []ytok
	i int
}

// readYAML reads text into a root node (a mapping, when the file is one).
func readYAML(text string) *ynode {
	var p yreader
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if strings.Contains(l, "\t") && strings.TrimLeft(l, " \t") != strings.TrimLeft(l, " ") {
			l = strings.ReplaceAll(l, "\t", " ") // tabs are not YAML indentation; read them as spaces rather than lose the line
		}
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || t == "---" || t == "..." {
			continue
		}
		p.t = append(p.t, ytok{line: i + 1, ind: indentOf(l), text: t})
	}
	root := &ynode{Line: 1}
	if len(p.t) > 0 {
		root.Kids, root.Seq = p.block(p.t[0].ind)
	}
	return root
}

// block reads the entries at indentation ind.
func (p *yreader) block(ind int) (kids []*ynode, seq bool) { return p.blockOf(ind, false) }

// blockOf reads the entries at indentation ind; with seqOnly, only the
// items of a sequence written at its key's indentation (key:\n- a\n- b).
func (p *yreader) blockOf(ind int, seqOnly bool) (kids []*ynode, seq bool) {
	for p.i < len(p.t) && p.t[p.i].ind >= ind {
		t := p.t[p.i]
		if t.ind > ind {
			p.i++ // deeper than an entry: a continued scalar; not structure
			continue
		}
		if seqOnly && t.text != "-" && !strings.HasPrefix(t.text, "- ") {
			break
		}
		if t.text == "-" || strings.HasPrefix(t.text, "- ") {
			seq = true
			item := &ynode{Line: t.line}
			rest := strings.TrimSpace(t.text[1:])
			p.i++
			switch k, v, ok := splitKey(rest); {
			case rest == "":
				if p.i < len(p.t) && p.t[p.i].ind > ind {
					item.Kids, item.Seq = p.block(p.t[p.i].ind)
				}
			case ok:
				col := ind + len(t.text) - len(rest)
				item.Kids = append(item.Kids, p.entry(k, v, t.line, col))
				if p.i < len(p.t) && p.t[p.i].ind == col {
					more, _ := p.block(col)
					item.Kids = append(item.Kids, more...)
				}
			default:
				p.scalar(item, rest)
			}
			kids = append(kids, item)
			continue
		}
		if k, v, ok := splitKey(t.text); ok {
			p.i++
			kids = append(kids, p.entry(k, v, t.line, ind))
			continue
		}
		p.i++ // not a key: a continuation line of a plain scalar, or not YAML
	}
	return kids, seq
}

// entry reads the value of key k, whose text after the colon is v.
func (p *yreader) entry(k, v string, line, ind int) *ynode {
	n := &ynode{Key: k, Line: line}
	v = stripComment(v)
	switch {
	case v == "":
		switch {
		case p.i < len(p.t) && p.t[p.i].ind > ind:
			n.Kids, n.Seq = p.block(p.t[p.i].ind)
		case p.i < len(p.t) && p.t[p.i].ind == ind && (p.t[p.i].text == "-" || strings.HasPrefix(p.t[p.i].text, "- ")):
			n.Kids, n.Seq = p.blockOf(ind, true)
		default:
			n.Scalar = true
		}
	case v[0] == '|' || v[0] == '>':
		var lines []string
		for p.i < len(p.t) && p.t[p.i].ind > ind {
			lines = append(lines, p.t[p.i].text)
			p.i++
		}
		n.Value, n.Scalar = strings.Join(lines, "\n"), true
	default:
		p.scalar(n, v)
	}
	return n
}

// scalar reads an inline value: a scalar or a flow collection.
func (p *yreader) scalar(n *ynode, v string) {
	v = stripComment(v)
	switch {
	case v == "":
		n.Scalar = true
	case v[0] == '&' || v[0] == '*' || v[0] == '!':
		n.Unknown = true
	case v[0] == '[' || v[0] == '{':
		inner := strings.TrimSpace(v[1:])
		if !strings.HasSuffix(inner, string(map[byte]byte{'[': ']', '{': '}'}[v[0]])) {
			n.Unknown = true // continued on the next lines: not followed
			for p.i < len(p.t) && !strings.HasSuffix(p.t[p.i-1].text, "]") && !strings.HasSuffix(p.t[p.i-1].text, "}") {
				p.i++
			}
			return
		}
		inner = inner[:len(inner)-1]
		if strings.ContainsAny(inner, "[]{}") && !strings.Contains(inner, "${{") {
			n.Unknown = true
			return
		}
		n.Seq = v[0] == '['
		for _, f := range splitFlow(inner) {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			c := &ynode{Line: n.Line}
			if v[0] == '{' {
				k, val, ok := splitKey(f)
				if !ok {
					n.Unknown = true
					return
				}
				c.Key, c.Value, c.Scalar = k, unquoteScalar(val), true
			} else {
				c.Value, c.Scalar = unquoteScalar(f), true
			}
			n.Kids = append(n.Kids, c)
		}
	default:
		n.Value, n.Scalar = unquoteScalar(v), true
	}
}

// splitFlow splits a flow collection's inside at commas outside quotes and
// ${{ … }}.
func splitFlow(s string) []string {
	var out []string
	start, q, depth := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case strings.HasPrefix(s[i:], "${{"):
			depth++
		case strings.HasPrefix(s[i:], "}}") && depth > 0:
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// splitKey splits "key: value" (a plain or quoted key).
func splitKey(t string) (key, value string, ok bool) {
	if t == "" {
		return "", "", false
	}
	if t[0] == '"' || t[0] == '\'' {
		j := strings.IndexByte(t[1:], t[0])
		if j < 0 {
			return "", "", false
		}
		rest := t[j+2:]
		if !strings.HasPrefix(rest, ":") || len(rest) > 1 && rest[1] != ' ' {
			return "", "", false
		}
		return t[1 : j+1], strings.TrimSpace(rest[1:]), true
	}
	if t[0] == '[' || t[0] == '{' || t[0] == '-' && (len(t) == 1 || t[1] == ' ') {
		return "", "", false
	}
	for i := 0; i < len(t); i++ {
		if t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ') {
			k := strings.TrimSpace(t[:i])
			if k == "" || strings.Contains(k, " #") {
				return "", "", false
			}
			return k, strings.TrimSpace(t[i+1:]), true
		}
		if t[i] == '#' && i > 0 && t[i-1] == ' ' {
			return "", "", false
		}
	}
	return "", "", false
}

// stripComment drops a " # comment" after a plain value.
func stripComment(v string) string {
	if v == "" || v[0] == '"' || v[0] == '\'' {
		if len(v) > 0 {
			if j := strings.LastIndexByte(v, v[0]); j > 0 {
				if rest := strings.TrimSpace(v[j+1:]); rest == "" || rest[0] == '#' {
					return v[:j+1]
				}
			}
		}
		return v
	}
	if j := strings.Index(v, " #"); j >= 0 {
		return strings.TrimSpace(v[:j])
	}
	return v
}

// unquoteScalar removes a scalar's quotes.
func unquoteScalar(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return unquoteDouble(v[1 : len(v)-1])
	}
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	return v
}
