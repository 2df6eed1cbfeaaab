package parse

import (
	"path"
	"strings"
)

// lookupOutput returns what a command that looks a program up prints, for
// the command words computed from it: $(which aws), $(command -v rm),
// `type -P rm`, $(type -p rm), $(hash -t rm), zsh's $(whence -p rm) and
// $(where rm) print the program's path (read here as /usr/bin/NAME: only
// its base name matters to the rules); $(whereis -b rm) prints
// "rm: /usr/bin/rm", which a cut or awk after it takes apart. A program
// that is not installed prints nothing, and the line then runs its
// arguments: the name is still the best reading of what the author meant.
func lookupOutput(argv []string) (string, bool) {
	// command which rm, env which rm: the lookup program itself.
	for len(argv) > 2 && (argv[0] == "command" || argv[0] == "env") && !strings.HasPrefix(argv[1], "-") && !strings.Contains(argv[1], "=") {
		argv = append([]string{path.Base(argv[1])}, argv[2:]...)
	}
	if len(argv) < 2 {
		return "", false
	}
	var names []string
	opts := ""
	for i, a := range argv[1:] {
		if a == "--" {
			names = append(names, argv[i+2:]...)
			break
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			opts += a[1:]
			continue
		}
		names = append(names, a)
	}
	if len(names) == 0 {
		return "", false
	}
	name := names[0]
	where := name
	if !strings.Contains(name, "/") {
		where = "/usr/bin/" + name
	}
	switch argv[0] {
	case "which", "where":
		return where + "\n", true
	case "command":
		// command -v prints a builtin's or function's own name, a
		// program's path; command -V describes it in words.
		if strings.Contains(opts, "v") && !strings.Contains(opts, "V") {
			return where + "\n", true
		}
	case "type", "whence":
		if strings.ContainsAny(opts, "pP") {
			return where + "\n", true
		}
	case "hash":
		if strings.Contains(opts, "t") {
			return where + "\n", true
		}
	case "whereis":
		if !strings.ContainsAny(opts, "msBMSf") || opts == "b" {
			return name + ": " + where + "\n", true
		}
	}
	return "", false
}

// fieldOutput returns what cut -d C -f N or awk '{print $N}' prints for a
// static input: the field of each line, for $(whereis -b rm | cut -d' ' -f2).
func fieldOutput(argv []string, in string) (string, bool) {
	sep, field := "", 0
	switch argv[0] {
	case "cut":
		for i := 1; i < len(argv); i++ {
			a := argv[i]
			switch {
			case a == "-d" && i+1 < len(argv):
				sep = argv[i+1]
				i++
			case strings.HasPrefix(a, "-d") && len(a) > 2:
				sep = a[2:]
			case a == "-f" && i+1 < len(argv):
				field, _ = atoi(argv[i+1])
				i++
			case strings.HasPrefix(a, "-f") && len(a) > 2:
				field, _ = atoi(a[2:])
			default:
				return "", false
			}
		}
		if len(sep) != 1 {
			return "", false
		}
	case "awk":
		if len(argv) != 2 {
			return "", false
		}
		p := strings.Join(strings.Fields(argv[1]), "")
		if !strings.HasPrefix(p, "{print$") || !strings.HasSuffix(p, "}") {
			return "", false
		}
		field, _ = atoi(p[len("{print$") : len(p)-1])
	default:
		return "", false
	}
	if field < 1 {
		return "", false
	}
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		var fs []string
		if sep == "" {
			fs = strings.Fields(l)
		} else {
			fs = strings.Split(l, sep)
		}
		if field <= len(fs) {
			out.WriteString(fs[field-1])
		}
		out.WriteByte('\n')
	}
	return out.String(), true
}
