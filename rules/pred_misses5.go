package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// downloadArchiveRun is code run out of an archive the same input
// downloaded and extracted: wget …/valgrind.tar.bz2; tar xf valgrind.tar.bz2;
// cd valgrind-*; ./configure; curl … | tar xz; ../cmake-3.13.4/configure;
// curl … | tar -xJ; mv node-v24… "$P"; "$P/bin/node". It is curl | sh
// through an extraction: the configure script, the Makefile or the binary
// are what the server sent. It is quiet when the input checks a checksum
// or a signature of the archive first (sha256sum -c, echo "$SUM  f" |
// sha256sum --check, gpg --verify, cosign verify-blob, minisign -V; see
// pred_verify.go for what counts).
var downloadArchiveRun = &Rule{
	ID: "download-archive-run", Tier: Dangerous,
	Title:   "Run code from an archive just downloaded",
	Reason:  "The configure script, Makefile or program comes out of an archive the line downloaded and unpacked without checking it, so it runs whatever the server sent.",
	Suggest: "check the archive's checksum or signature first (sha256sum -c, gpg --verify), then build it",
	input:   archiveRun,
	Match: []string{
		"wget https://x.org/valgrind-3.1.tar.bz2; tar -xjf valgrind-3.1.tar.bz2; cd valgrind-3.1; ./configure; make; sudo make install",
		"curl -L https://x.org/cmake-3.13.4.tar.gz | tar xzf -; mkdir b; cd b; ../cmake-3.13.4/configure",
		"curl -sL https://nodejs.org/dist/node-v24-linux-x64.tar.xz | tar -xJ; mv node-v24-linux-x64 /node; /node/bin/node /node/bin/npm i -g yarn",
		"curl -LO https://x.org/tool-1.0.tar.gz && tar xf tool-1.0.tar.gz && cd tool-1.0 && make install",
		"curl -LO https://x.org/t-1.tar.gz; echo \"$SUM  t-1.tar.gz\" | sha256sum -c; tar xf t-1.tar.gz; cd t-1; ./configure",
		"curl -L https://x.org/a.tgz | tar -xz -C /opt/a && /opt/a/bin/a",
		"wget https://x.org/pkg-2.zip && unzip pkg-2.zip && sh pkg-2/install.sh",
	},
	NoMatch: []string{
		"wget https://x.org/a.tar.gz && tar xf a.tar.gz",
		"set -e; curl -LO https://x.org/t-1.tar.gz; echo \"$SUM  t-1.tar.gz\" | sha256sum -c; tar xf t-1.tar.gz; cd t-1; ./configure",
		"curl -LO https://x.org/t-1.tar.gz && curl -LO https://x.org/t-1.tar.gz.asc && gpg --verify t-1.tar.gz.asc && tar xf t-1.tar.gz && cd t-1 && make",
		"tar xf v-3.1.tar.bz2; cd v-3.1; ./configure",
		"curl -L https://x.org/helm-v3-linux.tar.gz | tar xz; ./scripts/test.sh",
		"mkdir b && cd b && curl -L https://x.org/cfg-1.tgz | tar xz; cd ..; ./configure",
	},
}

func init() { table = append(table, downloadArchiveRun) }

// archiveTree is the content of one extraction of a download: every path
// under root, or with top set (an extraction into the working directory,
// which holds the script's own files too) the paths under root whose first
// name is one the archive plausibly holds (see archiveTop).
type archiveTree struct {
	root     string
	top      string // the archive's name stem ("valgrind", "cmake"); "" for all of root
	from     *parse.Command
	reported bool
	// members are the names given to tar x (tar -xj bin/micromamba):
	// under root, those paths are the archive's whatever top says.
	members []string
}

// archiveWalk follows, command by command, the working directory relative
// to the input's start, the directories the input made, the downloads and
// the extractions.
type archiveWalk struct {
	cwd   string // "." at the start; "" when lost
	made  map[string]bool
	got   map[string]*parse.Command // downloaded files, by path
	trees []*archiveTree
	res   *parse.Result
	cdAt  int // where the last cd read starts
	// path are the directories an export PATH=DIR:$PATH put first
	// (misses6): a command named without a slash may come from there.
	path []string
	// checks are the input's checksum and signature checks (verify): a
	// run out of a tree whose archive one checks first is no finding.
	checks *checks
	// spelled are the downloads by the variable they wrote, as spelled
	// in the input ($K3D_TMP_FILE): another function's copy of it (see
	// spell).
	spelled map[string]*parse.Command
}

func archiveRun(r *parse.Result) []hit {
	var w *archiveWalk
	var out []hit
	for _, c := range r.Commands {
		name := c.Name()
		if name == "" {
			continue
		}
		if w == nil {
			if !fetches(c, r) {
				continue
			}
			w = &archiveWalk{cwd: ".", made: map[string]bool{}, got: map[string]*parse.Command{}, res: r, cdAt: -1, checks: inputChecks(r)}
		}
		if h, ok := w.step(c, name); ok {
			out = append(out, h)
		}
	}
	return out
}

// step reads one command; it returns a hit for the first run out of a
// tree.
func (w *archiveWalk) step(c *parse.Command, name string) (hit, bool) {
	if fetches(c, w.res) {
		ts := fetchTargets(c)
		for _, f := range ts {
			if k := w.resolve(f); k != "" {
				w.got[k] = c
			}
		}
		if len(ts) == 0 && unknownRemoteName(c) {
			if k := w.resolve("$?"); k != "" {
				w.got[k] = c // curl -sLO $RELEASE_URL: a name the walk cannot know (see gotNamed)
			}
		}
		return hit{}, false
	}
	if w.decompresses(c, name) || w.exportsPath(c, name) {
		return hit{}, false
	}
	switch name {
	case "cd", "pushd", "popd":
		if c.Start == w.cdAt && w.cdAt >= 0 {
			return hit{}, false // another reading of the same cd (an empty word left out)
		}
		w.cdAt = c.Start
		w.cd(c, name)
		return hit{}, false
	case "mkdir":
		for _, a := range c.Args[1:] {
			if !strings.HasPrefix(a.Value, "-") {
				if k := w.resolve(a.Value); k != "" {
					w.made[k] = true
				}
			}
		}
		return hit{}, false
	case "mv":
		w.moved(c)
		return hit{}, false
	case "cp", "install":
		w.copied(c) // verify: kustomize's cp ./kustomize "$where"; "${where}kustomize"
	}
	if t := w.extracts(c, name); t != nil {
		w.trees = append(w.trees, t)
		return hit{}, false
	}
	if len(w.trees) == 0 {
		return hit{}, false
	}
	for _, f := range w.runs(c, name) {
		if t := w.treeOf(f); t != nil && !t.reported && !w.checks.fetchChecked(t.from, c, false) {
			t.reported = true
			return hit{start: c.Start, end: c.End, detail: f + " comes out of an archive downloaded by " + short(t.from.String())}, true
		}
	}
	return hit{}, false
}

func short(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// resolve returns the path of f as the walk knows it, or "" when the
// working directory is lost and f is relative.
func (w *archiveWalk) resolve(f string) string {
	switch {
	case f == "":
		return ""
	case strings.HasPrefix(f, "/"), f == "~", strings.HasPrefix(f, "~/"), strings.HasPrefix(f, "$"):
		return path.Clean(f)
	case w.cwd == "":
		return ""
	}
	return path.Clean(w.cwd + "/" + f)
}

func (w *archiveWalk) cd(c *parse.Command, name string) {
	var ops []string
	for _, a := range c.Args[1:] {
		if a.Value == "--" || strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			continue
		}
		ops = append(ops, a.Value)
	}
	if name != "cd" && name != "pushd" || len(ops) != 1 || ops[0] == "-" {
		w.cwd = ""
		return
	}
	if a := c.Args[len(c.Args)-1]; !a.Static && a.Subst != "" {
		// cd "$(ls -d tool-*)", cd $(find . -name 'tool-*'): the
		// directory is one the pattern names.
		to := ""
		f := strings.Fields(a.Subst)
		for i := len(f) - 1; i > 0; i-- {
			if g := strings.Trim(f[i], `'"`); strings.Contains(g, "*") && !strings.ContainsAny(g, "$`;|&") {
				to = w.resolve(g)
				break
			}
		}
		w.cwd = to
		return
	}
	w.cwd = w.resolve(ops[0])
}

// moved follows mv of a tree's content: the destination is all archive.
func (w *archiveWalk) moved(c *parse.Command) {
	var ops []string
	for _, a := range c.Args[1:] {
		if !strings.HasPrefix(a.Value, "-") {
			ops = append(ops, a.Value)
		}
	}
	if len(ops) != 2 {
		return
	}
	src, dst := w.resolve(ops[0]), w.resolve(ops[1])
	if t := w.treeOf(src); t != nil && dst != "" {
		w.trees = append(w.trees, &archiveTree{root: dst, from: t.from, reported: t.reported})
	}
}

// extracts reads an extraction of a download: tar x (bsdtar, gtar) of a
// downloaded file or of a download on its standard input, unzip of a
// downloaded file.
func (w *archiveWalk) extracts(c *parse.Command, name string) *archiveTree {
	var file, dir string
	var ok bool
	switch name {
	case "tar", "gtar", "bsdtar":
		file, dir, ok = tarExtract(c)
	case "unzip":
		file, dir, ok = unzipExtract(c)
	default:
		file, dir, ok = otherExtract(c, name) // misses6: 7z x, python3 -m tarfile -e
	}
	if !ok {
		return nil
	}
	var from *parse.Command
	stem := ""
	if file == "" || file == "-" {
		from = w.netStdin(c)
		if from == nil {
			// tar xz < dl.tgz, cat dl.tgz | tar xz, gunzip < dl.tgz | tar x
			file = w.stdinFile(c)
		} else {
			for _, a := range from.Args[1:] {
				if b := urlBase(a.Value); b != "" {
					stem = b
				}
			}
		}
	}
	if from == nil && file != "" && file != "-" {
		k := w.resolve(file)
		from = w.got[k]
		if from == nil {
			from = w.gotNamed(k)
		}
		stem = path.Base(file)
		if from != nil && len(archiveTop(stem)) < 3 {
			// curl -o t.tgz https://x/tool-1.2.tar.gz: the URL names it.
			for _, a := range from.Args[1:] {
				if b := urlBase(a.Value); b != "" {
					stem = b
				}
			}
		}
	}
	if from == nil {
		return nil
	}
	t := &archiveTree{from: from}
	if name == "tar" || name == "gtar" || name == "bsdtar" {
		t.members = tarMembers(c)
	}
	if dir != "" && dir != "." && dir != "./" {
		t.root = w.resolve(dir)
	} else {
		t.root, t.top = w.cwd, archiveTop(stem)
		if t.top == "" && len(t.members) == 0 {
			return nil // no name to tell the archive's files from the script's
		}
	}
	if t.root == "" {
		return nil
	}
	return t
}

// archiveTop returns the first word of an archive's name (valgrind for
// valgrind-3.22.0.tar.bz2, node for node-v24-linux-x64.tar.xz): the
// directory it unpacks into starts with it.
func archiveTop(name string) string {
	i := strings.IndexAny(name, "-_.")
	if i < 0 {
		i = len(name)
	}
	if i < 1 || strings.Contains(name[:i], "$") {
		return ""
	}
	return name[:i]
}

// treeOf returns the tree f lies in, if any.
func (w *archiveWalk) treeOf(f string) *archiveTree {
	if f == "" {
		return nil
	}
	for i := len(w.trees) - 1; i >= 0; i-- {
		t := w.trees[i]
		rest, ok := strings.CutPrefix(f, t.root+"/")
		if !ok && strings.HasPrefix(t.root, "${") && strings.HasSuffix(t.root, "}") && !strings.Contains(t.root, "/") {
			rest, ok = strings.CutPrefix(f, t.root) // "${where}kustomize", where ends in a slash
		}
		if t.root == "." {
			rest, ok = f, !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~") && !strings.HasPrefix(f, "..") && !strings.HasPrefix(f, "$")
		}
		if !ok || rest == "" {
			continue
		}
		if len(t.members) > 0 {
			if memberOf(rest, t.members) {
				return t
			}
			if t.root != "." || t.top == "" {
				continue
			}
		}
		if t.top == "" {
			return t
		}
		first, _, _ := strings.Cut(rest, "/")
		if w.made[t.root+"/"+first] || t.root == "." && w.made[first] {
			continue // the script's own directory
		}
		if stemMatch(first, t.top) || strings.Contains(first, "*") || path.Base(rest) == t.top && rest != t.top {
			return t
		}
	}
	return nil
}

// runs returns the files command c runs as code, as the walk resolves
// them: a program given by path, the script a shell or an interpreter
// runs, the Makefile make reads in its directory.
func (w *archiveWalk) runs(c *parse.Command, name string) []string {
	var out []string
	prog := c.Args[0].Value
	out = append(out, w.foundRuns(c, prog)...) // misses6: find -exec sh {}, a PATH put first
	if strings.Contains(prog, "/") || strings.HasPrefix(prog, "${") {
		if k := w.resolve(prog); k != "" {
			out = append(out, k)
		}
	} else if len(c.Args) > 1 && strings.Contains(c.Args[1].Value, "/") && w.res.Defines(prog) && !fetcherFuncAny(w.res, prog) {
		// hide_output ../cmake-3.13.4/configure: a function of the
		// input given a program to run.
		if k := w.resolve(c.Args[1].Value); k != "" {
			out = append(out, k)
		}
	}
	switch {
	case isShell(name) || name == "source" || name == "." || strings.HasPrefix(name, "python") || name == "perl" || name == "ruby" || name == "node":
		for _, a := range c.Args[1:] {
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			if k := w.resolve(a.Value); k != "" {
				out = append(out, k)
			}
			break
		}
	case name == "cmake":
		// cmake SRC, cmake -S SRC: the tree's CMakeLists.txt runs.
		for i, a := range c.Args[1:] {
			v := a.Value
			src := ""
			switch {
			case v == "-S" && i+2 < len(c.Args):
				src = c.Args[i+2].Value
			case strings.HasPrefix(v, "-S") && len(v) > 2:
				src = v[2:]
			case i == 0 && !strings.HasPrefix(v, "-"):
				src = v
			}
			if k := w.resolve(src); src != "" && k != "" {
				out = append(out, path.Join(k, "CMakeLists.txt"))
			}
		}
	case name == "make" || name == "gmake" || name == "ninja":
		dir := w.cwd
		for i, a := range c.Args[1:] {
			if a.Value == "-C" && i+2 < len(c.Args) {
				dir = w.resolve(c.Args[i+2].Value)
			}
		}
		if dir != "" {
			out = append(out, path.Join(dir, "Makefile"))
		}
	}
	return out
}

// stdinFile returns the file that feeds c's standard input, through
// decompressors: tar xz < f, cat f | tar x, gunzip < f | tar x.
func (w *archiveWalk) stdinFile(c *parse.Command) string {
	for i, s := 0, c; s != nil && i < 4; i, s = i+1, s.StdinFrom {
		for _, r := range s.Redirs {
			if r.Op == "<" && (r.Fd == "" || r.Fd == "0") && r.Target.Static {
				return r.Target.Value
			}
		}
		if s != c {
			switch s.Name() {
			case "cat", "pv", "gunzip", "gzip", "xz", "unxz", "bzip2", "bunzip2", "zstd", "unzstd":
				for _, a := range s.Args[1:] {
					if !strings.HasPrefix(a.Value, "-") {
						return a.Value
					}
				}
			default:
				return ""
			}
		}
	}
	return ""
}

// networkStdin returns the download that feeds c's standard input, through
// decompressors: curl URL | tar xz, wget -qO- URL | gunzip | tar x.
func networkStdin(c *parse.Command) *parse.Command {
	s := c.StdinFrom
	for i := 0; s != nil && i < 4; i, s = i+1, s.StdinFrom {
		switch s.Name() {
		case "curl", "wget":
			return s
		case "gunzip", "gzip", "xz", "unxz", "bzip2", "bunzip2", "zstd", "unzstd", "cat", "pv":
			continue
		}
		return nil
	}
	return nil
}

// tarExtract reads tar's x mode, its archive (-f FILE, "" for standard
// input) and its directory (-C DIR).
func tarExtract(c *parse.Command) (file, dir string, ok bool) {
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			i = len(ws)
		case strings.HasPrefix(v, "--"):
			n, val, eq := strings.Cut(v[2:], "=")
			switch n {
			case "extract", "get":
				ok = true
			case "file", "directory":
				if !eq && i+1 < len(ws) {
					i++
					val = ws[i].Value
				}
				if n == "file" {
					file = val
				} else {
					dir = val
				}
			}
		case strings.HasPrefix(v, "-") || i == 0:
			letters := strings.TrimPrefix(v, "-")
			old := !strings.HasPrefix(v, "-") // tar xzf FILE: each value is the next word
			for j := 0; j < len(letters); j++ {
				l := letters[j]
				if l == 'x' {
					ok = true
				}
				if !strings.ContainsRune("fCbTXKLNVgHIF", rune(l)) {
					continue
				}
				val := ""
				if !old && j+1 < len(letters) {
					val = letters[j+1:]
				} else if i+1 < len(ws) {
					i++
					val = ws[i].Value
				}
				switch l {
				case 'f':
					file = val
				case 'C':
					dir = val
				}
				if !old {
					break
				}
			}
		}
	}
	return file, dir, ok
}

// unzipExtract reads unzip's archive and its -d DIR.
func unzipExtract(c *parse.Command) (file, dir string, ok bool) {
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "-d" && i+1 < len(ws):
			i++
			dir = ws[i].Value
		case strings.HasPrefix(v, "-"):
			if strings.ContainsAny(v, "lvtzp") {
				return "", "", false // lists, tests or prints
			}
		case file == "":
			file = v
		}
	}
	return file, dir, file != ""
}

// verifies reports a command that checks a checksum or a signature.
func verifies(c *parse.Command) bool {
	name := c.Name()
	switch name {
	case "sha256sum", "sha512sum", "sha1sum", "sha384sum", "sha224sum", "md5sum", "b2sum", "shasum", "cksum", "b3sum":
		if c.Subst || c.Piped {
			// [ "$(sha256sum f | cut -d' ' -f1)" = "$SUM" ],
			// sha256sum f | grep -q "$SUM": the sum is compared.
			return true
		}
		for _, a := range c.Args[1:] {
			v := a.Value
			if v == "--check" || v == "-c" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'c') && name != "cksum" {
				return true
			}
		}
	case "gpg", "gpg2":
		for _, a := range c.Args[1:] {
			if a.Value == "--verify" || a.Value == "--verify-files" {
				return true
			}
		}
	case "gpgv", "gpgv2":
		return true
	case "cosign":
		return len(c.Args) > 1 && strings.HasPrefix(c.Args[1].Value, "verify")
	case "minisign", "signify", "signify-openbsd":
		for _, a := range c.Args[1:] {
			if a.Value == "-V" {
				return true
			}
		}
	case "openssl":
		for _, a := range c.Args[1:] {
			if a.Value == "-verify" {
				return true
			}
		}
	}
	return false
}

// unpacksIntoHome reports an archive unpacked, or a directory's contents
// copied, into the home directory itself or a credential directory: tar
// -xf x.tar -C ~, cd ~ && unzip x.zip, unzip x.zip -d ~/.ssh, rsync -a
// /tmp/x/ ~/, cp -r /tmp/x/. ~. Its members are not known, and a home
// directory's members are its start-up files, keys and guardsh's own
// configuration (~/.bashrc, ~/.ssh/authorized_keys,
// ~/.config/guardsh/config.toml). Named members that are not such files
// keep it quiet (tar -xf x.tar -C ~ notes.txt).
func unpacksIntoHome(c *parse.Command) bool {
	name := c.Name()
	var dir string
	var members []string
	switch name {
	case "tar", "gtar", "bsdtar":
		_, d, ok := tarExtract(c)
		if !ok {
			return false
		}
		dir, members = d, tarMembers(c)
	case "7z", "7za", "7zz", "7zr", "python", "python3":
		_, d, ok := otherExtract(c, name)
		if !ok {
			return false
		}
		dir = d
	case "unzip":
		_, d, ok := unzipExtract(c)
		if !ok {
			return false
		}
		dir = d
	case "cp", "rsync":
		a := args(c, "-t", "--target-directory", "-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--exclude-from", "--include-from", "--files-from", "--chmod", "--chown", "--backup-dir", "--suffix")
		if len(a.operands) < 2 || name == "cp" && !a.has("r", "R", "recursive", "a", "archive") || name == "rsync" && !a.has("r", "recursive", "a", "archive") {
			return false
		}
		contents := false
		for _, s := range a.operands[:len(a.operands)-1] {
			// cp -r x ~ makes ~/x; x/., . (and x/ for rsync) copy x's
			// contents: one such source is enough (misses6: the
			// dotfiles' rsync … --exclude {a,b} . ~ has a file source too).
			v := s.Value
			contents = contents || v == "." || v == "./" || strings.HasSuffix(v, "/.") || name == "rsync" && strings.HasSuffix(v, "/")
		}
		if !contents {
			return false
		}
		dir = a.operands[len(a.operands)-1].Value
	default:
		return false
	}
	if dir == "" {
		dir = c.Dir
	} else if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") && c.Dir != "" {
		dir = c.Dir + "/" + dir
	}
	if dir == "" {
		return false
	}
	dir = parse.Clean(dir)
	if strings.HasPrefix(dir, "${HOME}") {
		dir = "~" + strings.TrimPrefix(dir, "${HOME}")
	}
	home := dir == "~" || dir == "/root" || strings.HasPrefix(dir, "~") && !strings.Contains(dir, "/")
	switch strings.TrimPrefix(dir, "/root") {
	case "~/.config", "~/.local", "~/.local/share", "~/.local/state", "/.config", "/.local", "/.local/share", "/.local/state":
		home = true // guardsh's own configuration and state, autostart and user units
	}
	if !home && !credentialFile(dir+"/x") {
		return false
	}
	if len(members) == 0 {
		return true
	}
	for _, m := range members {
		if strings.HasPrefix(m, ".") || credentialFile(dir+"/"+m) || strings.Contains(m, "*") {
			return true
		}
	}
	return false
}

// tarMembers returns the member names given to tar x: its operands.
func tarMembers(c *parse.Command) []string {
	var out []string
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "--":
			for _, w := range ws[i+1:] {
				out = append(out, w.Value)
			}
			return out
		case strings.HasPrefix(v, "--"):
			if n, _, eq := strings.Cut(v[2:], "="); !eq && (n == "file" || n == "directory" || n == "exclude" || n == "transform" || n == "strip-components") {
				i++
			}
		case strings.HasPrefix(v, "-") || i == 0:
			letters := strings.TrimPrefix(v, "-")
			for j := 0; j < len(letters); j++ {
				if strings.ContainsRune("fCbTXKLNVgHIF", rune(letters[j])) {
					if strings.HasPrefix(v, "-") && j+1 < len(letters) {
						break
					}
					i++
					if strings.HasPrefix(v, "-") {
						break
					}
				}
			}
		default:
			out = append(out, v)
		}
	}
	return out
}

// pgrepNamed reports a command substitution that is one pgrep of one
// pattern, $(pgrep node), $(pgrep -f 'server.js'): kill of its output is
// pkill of the pattern, quiet with SIGTERM as pkill node is (kill-force
// asks for -9 either way, and for a pattern that matches every process).
func pgrepNamed(w parse.Word) bool {
	f := strings.Fields(strings.TrimSpace(w.Subst))
	if len(f) < 2 || f[0] != "pgrep" {
		return false
	}
	patterns := 0
	for i := 1; i < len(f); i++ {
		a := f[i]
		switch {
		case (a == "-d" || a == "-F" || a == "-G" || a == "-g" || a == "-P" || a == "-s" || a == "-t" || a == "-U" || a == "-u" || a == "--ns" || a == "--nslist") && i+1 < len(f):
			return false // a selection by owner, group, parent, session or terminal: every process of it
		case strings.HasPrefix(a, "-") && strings.Trim(a[1:], "fxnoilacvwrA") == "" && len(a) > 1:
		case strings.ContainsAny(a, "$`\"'\\;|&<>(){}~"):
			return false
		default:
			if broadPattern(a) {
				return false
			}
			patterns++
		}
	}
	return patterns == 1
}

// broadPattern reports a pgrep/pkill pattern that matches (nearly) every
// process: ".", ".*", "^", "": nothing left once the
// regular expression's operators are taken away.
func broadPattern(p string) bool {
	lit := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`.*+?^$[]{}()|\`, r) {
			return -1
		}
		return r
	}, p)
	return lit == ""
}

// pkillBroad reports pkill whose pattern matches every process (pkill .,
// pkill -f '.*'), or that selects by owner, group, session or terminal
// alone (pkill -u bob): every process of it.
func pkillBroad(c *parse.Command) bool {
	var pats []string
	sel := false
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		switch {
		case v == "-u" || v == "-U" || v == "-g" || v == "-G" || v == "-s" || v == "-t" || v == "-P" || v == "--euid" || v == "--uid" ||
			v == "--pgroup" || v == "--group" || v == "--session" || v == "--terminal" || v == "--parent":
			sel = true
			i++
		case v == "--signal" || v == "-F" || v == "--pidfile" || v == "--ns" || v == "--nslist":
			if v == "-F" || v == "--pidfile" {
				return false // the processes of a pid file
			}
			i++
		case strings.HasPrefix(v, "-"):
		default:
			if !ws[i].Static {
				return false
			}
			pats = append(pats, v)
		}
	}
	if len(pats) == 0 {
		return sel
	}
	for _, p := range pats {
		if broadPattern(p) {
			return true
		}
	}
	return false
}

// intoHomeDir reports cp, mv, install or ln of a start-up or credential
// file into the home directory by its name: mv /tmp/x/.bashrc ~,
// cp -t ~ /tmp/.profile. The destination is a directory, so the file
// written is DIR/NAME.
func intoHomeDir(c *parse.Command) bool {
	switch c.Name() {
	case "cp", "mv", "install", "ln":
	default:
		return false
	}
	a := args(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix")
	ops := a.operands
	dir := ""
	if t, ok := a.value("target-directory"); ok {
		dir = t
	} else if a.short['t'] {
		for i, w := range c.Args {
			if w.Value == "-t" && i+1 < len(c.Args) {
				dir = c.Args[i+1].Value
			}
		}
	} else if len(ops) >= 2 {
		dir, ops = ops[len(ops)-1].Value, ops[:len(ops)-1]
	}
	d := parse.Clean(strings.TrimSuffix(dir, "/"))
	if strings.HasPrefix(d, "${HOME}") {
		d = "~" + strings.TrimPrefix(d, "${HOME}")
	}
	if d != "~" && d != "/root" && !(strings.HasPrefix(d, "~") && !strings.Contains(d, "/")) {
		return false
	}
	for _, s := range ops {
		// The link or copy is named for the source's last element, which
		// is known when it is literal even if the directory before it is
		// not (ln -sf "$DOTFILES/runcom/.bash_profile" ~).
		base := path.Base(s.Value)
		if !s.Static && (strings.ContainsAny(base, "$*?[{`") || base == s.Value) {
			continue
		}
		to := d + "/" + base
		if parse.Clean(s.Value) != to && credentialFile(to) {
			return true
		}
	}
	return false
}
