package parse

import (
	"regexp"
	"strconv"
	"strings"
)

// filter returns what a text filter prints for a static input, for the
// simple forms whose output is certain: head and tail -n N, tr of plain sets
// and tr -d, sed -n Np and sed s/PLAIN/TEXT/[g]. Anything else is unknown.
func filter(argv []string, in string) (string, bool) {
	args := argv[1:]
	switch argv[0] {
	case "head", "tail":
		n, from := 10, false
		switch {
		case len(args) == 0:
		case len(args) == 1 && len(args[0]) > 1 && args[0][0] == '-':
			v := strings.TrimPrefix(args[0][1:], "n")
			if v == "" {
				return "", false
			}
			n, from = parseCount(v)
		case len(args) == 2 && (args[0] == "-n" || args[0] == "--lines"):
			n, from = parseCount(args[1])
		default:
			return "", false
		}
		if n < 0 {
			return "", false
		}
		lines := strings.SplitAfter(in, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		switch {
		case argv[0] == "head":
			lines = lines[:min(n, len(lines))]
		case from:
			lines = lines[min(max(n-1, 0), len(lines)):]
		default:
			lines = lines[max(0, len(lines)-n):]
		}
		return strings.Join(lines, ""), true
	case "tr":
		if len(args) == 2 && args[0] == "-d" {
			set, ok := trSet(args[1])
			if !ok {
				return "", false
			}
			return strings.Map(func(r rune) rune {
				if strings.ContainsRune(set, r) {
					return -1
				}
				return r
			}, in), true
		}
		if len(args) != 2 || strings.HasPrefix(args[0], "-") {
			return "", false
		}
		from, ok1 := trSet(args[0])
		to, ok2 := trSet(args[1])
		if !ok1 || !ok2 || to == "" {
			return "", false
		}
		f, t := []rune(from), []rune(to)
		m := map[rune]rune{}
		for i, r := range f {
			m[r] = t[min(i, len(t)-1)]
		}
		return strings.Map(func(r rune) rune {
			if x, ok := m[r]; ok {
				return x
			}
			return r
		}, in), true
	case "sed":
		script, quiet := "", false
		for _, a := range args {
			switch {
			case a == "-n":
				quiet = true
			case a == "-e" || strings.HasPrefix(a, "-"):
				if a != "-e" {
					return "", false
				}
			case script == "":
				script = a
			default:
				return "", false // a file operand
			}
		}
		return sedSimple(script, quiet, in)
	}
	return "", false
}

// parseCount reads N or +N.
func parseCount(v string) (int, bool) {
	from := strings.HasPrefix(v, "+")
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil {
		return -1, false
	}
	return n, from
}

// trSet expands a tr set of plain characters and a-z ranges; classes and
// escapes are unknown.
func trSet(s string) (string, bool) {
	if strings.ContainsAny(s, `[\`) {
		return "", false
	}
	r := []rune(s)
	var sb strings.Builder
	for i := 0; i < len(r); i++ {
		if i+2 < len(r) && r[i+1] == '-' && r[i] <= r[i+2] && r[i+2]-r[i] < 256 {
			for c := r[i]; c <= r[i+2]; c++ {
				sb.WriteRune(c)
			}
			i += 2
			continue
		}
		sb.WriteRune(r[i])
	}
	return sb.String(), true
}

// sedSimple runs sed -n Np, Nd and s/RE/TEXT/[g] with a plain pattern.
func sedSimple(script string, quiet bool, in string) (string, bool) {
	lines := strings.SplitAfter(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if strings.HasSuffix(script, "p") && quiet {
		n, err := strconv.Atoi(strings.TrimSuffix(script, "p"))
		if err != nil || n < 1 {
			return "", false
		}
		if n > len(lines) {
			return "", true
		}
		return lines[n-1], true
	}
	if quiet || len(script) < 4 || script[0] != 's' {
		return "", false
	}
	d := script[1:2]
	parts := strings.Split(script[2:], d)
	if len(parts) != 3 || parts[2] != "" && parts[2] != "g" || strings.ContainsAny(parts[0], `\[](){}+?|`) || strings.ContainsAny(parts[1], `\&`) {
		return "", false
	}
	re, err := regexp.Compile(parts[0])
	if err != nil {
		return "", false
	}
	var sb strings.Builder
	for _, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		if parts[2] == "g" {
			body = re.ReplaceAllLiteralString(body, parts[1])
		} else if loc := re.FindStringIndex(body); loc != nil {
			body = body[:loc[0]] + parts[1] + body[loc[1]:]
		}
		sb.WriteString(body)
		if nl {
			sb.WriteByte('\n')
		}
	}
	return sb.String(), true
}
