package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// misses6: downloads the archive and download rules did not follow, found
// on the held-out set of the fifth session and by its red team:
//
//   - downloaders other than curl and wget: aria2c, axel, httrack --get
//     (curl's linux-old workflow fetches its .debs and cmake with it),
//     wget2, and a function of the input that runs curl or wget (pnpm's
//     install.sh: download "$url" | tar -xz -C "$tmp_dir");
//   - a downloaded file decompressed first (xz -d t.tar.xz; tar xf t.tar);
//   - archives unpacked by 7z x, python3 -m tarfile -e / zipfile -e;
//   - tar x given the members it extracts (tar -xj bin/micromamba);
//   - code found by find -exec sh {} \; under the tree, or through a PATH
//     the input put the tree's directory first in;
//   - a download put straight into a system program directory (curl -o
//     /usr/local/sbin/runc, sudo install ./kubectl /usr/local/bin/): the
//     new rule download-install-bin.

// fetches reports a command that downloads from the network into files or
// its standard output: curl, wget, wget2, aria2c, axel, httrack.
func fetches(c *parse.Command, r *parse.Result) bool {
	switch c.Name() {
	case "curl", "wget", "wget2", "aria2c", "axel", "httrack":
		return true
	}
	return false
}

// fetchTargets returns the files a download writes: downloadTargets for
// curl and wget; for the others their output option (aria2c -o NAME in
// -d DIR, axel -o FILE, wget2 -O FILE, httrack -O DIR) or the URL's last
// name.
func fetchTargets(c *parse.Command) []string {
	name := c.Name()
	if name == "curl" || name == "wget" {
		return downloadTargets(c)
	}
	var out, urls []string
	file, dir := "", ""
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		val := func() string {
			if _, x, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "--") {
				return x
			}
			if i+1 < len(ws) {
				i++
				return ws[i].Value
			}
			return ""
		}
		switch {
		case strings.Contains(v, "://"):
			urls = append(urls, v)
		case name == "aria2c" && (v == "-o" || strings.HasPrefix(v, "--out")), name == "axel" && (v == "-o" || strings.HasPrefix(v, "--output")),
			name == "wget2" && (v == "-O" || strings.HasPrefix(v, "--output-document")):
			file = val()
		case name == "aria2c" && (v == "-d" || strings.HasPrefix(v, "--dir")), name == "httrack" && v == "-O", name == "wget2" && (v == "-P" || strings.HasPrefix(v, "--directory-prefix")):
			dir = val()
		}
	}
	for _, r := range c.Redirs {
		if r.Writes() && r.Target.Static {
			out = append(out, r.Target.Value)
		}
	}
	join := func(f string) string {
		if dir == "" || strings.HasPrefix(f, "/") {
			return f
		}
		return dir + "/" + f
	}
	if file != "" && file != "-" {
		return append(out, join(file))
	}
	for _, u := range urls {
		if b := urlBase(u); b != "" {
			out = append(out, join(b), join("./"+b))
		}
	}
	return out
}

// netStdin is networkStdin, also through a function of the input whose
// body downloads (download() { curl -fsSL "$1" || wget -qO- "$1"; }).
func (w *archiveWalk) netStdin(c *parse.Command) *parse.Command {
	if from := networkStdin(c); from != nil {
		return from
	}
	s := c.StdinFrom
	for i := 0; s != nil && i < 4; i, s = i+1, s.StdinFrom {
		switch n := s.Name(); n {
		case "gunzip", "gzip", "xz", "unxz", "bzip2", "bunzip2", "zstd", "unzstd", "cat", "pv":
			continue
		default:
			if w.res.Defines(n) && fetcherFunc(w.res, n) {
				return s
			}
			return nil
		}
	}
	return nil
}

// fetcherFunc reports a function of the input whose body runs curl or wget
// with its output on standard output.
func fetcherFunc(r *parse.Result, name string) bool {
	for _, c := range r.Commands {
		if c.InFunc != name {
			continue
		}
		switch c.Name() {
		case "curl", "wget":
			if len(downloadTargets(c)) == 0 {
				return true
			}
		}
	}
	return false
}

// decompresses follows xz -d, gunzip, bunzip2, zstd -d … of a downloaded
// file: the file without its suffix is the download too (or the
// redirection's target with -c).
func (w *archiveWalk) decompresses(c *parse.Command, name string) bool {
	dec := false
	switch name {
	case "gunzip", "unxz", "bunzip2", "unzstd", "unlzma", "lzip":
		dec = true
	case "gzip", "xz", "bzip2", "zstd", "lzma":
	default:
		return false
	}
	toStdout := false
	var files []string
	for _, a := range c.Args[1:] {
		v := a.Value
		switch {
		case v == "--decompress" || v == "--uncompress":
			dec = true
		case v == "--stdout" || v == "--to-stdout":
			toStdout = true
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
			dec = dec || strings.ContainsRune(v, 'd')
			toStdout = toStdout || strings.ContainsRune(v, 'c')
		case !strings.HasPrefix(v, "-"):
			files = append(files, v)
		}
	}
	if !dec {
		return false
	}
	for _, f := range files {
		k := w.resolve(f)
		from := w.got[k]
		if from == nil {
			continue
		}
		if toStdout {
			for _, r := range c.Redirs {
				if r.Writes() && r.Target.Static && (r.Fd == "" || r.Fd == "1") {
					if t := w.resolve(r.Target.Value); t != "" {
						w.got[t] = from
					}
				}
			}
			continue
		}
		for _, ext := range []string{".gz", ".tgz", ".xz", ".txz", ".bz2", ".tbz2", ".zst", ".lzma", ".lz"} {
			if strings.HasSuffix(k, ext) {
				out := strings.TrimSuffix(k, ext)
				if ext[1] == 't' {
					out += ".tar"
				}
				w.got[out] = from
			}
		}
	}
	return true
}

// otherExtract reads the extractions of 7z (7z x|e ARCHIVE [-oDIR]) and of
// Python's tarfile and zipfile modules (python3 -m tarfile -e ARCHIVE
// [DIR]).
func otherExtract(c *parse.Command, name string) (file, dir string, ok bool) {
	ws := c.Args[1:]
	switch {
	case name == "7z" || name == "7za" || name == "7zz" || name == "7zr":
		if len(ws) == 0 || ws[0].Value != "x" && ws[0].Value != "e" {
			return "", "", false
		}
		for _, a := range ws[1:] {
			v := a.Value
			switch {
			case strings.HasPrefix(v, "-o"):
				dir = v[2:]
			case strings.HasPrefix(v, "-"):
			case file == "":
				file = v
			}
		}
		return file, dir, file != ""
	case strings.HasPrefix(name, "python"):
		if len(ws) < 3 || ws[0].Value != "-m" || ws[1].Value != "tarfile" && ws[1].Value != "zipfile" {
			return "", "", false
		}
		if ws[2].Value != "-e" && ws[2].Value != "--extract" {
			return "", "", false
		}
		if len(ws) > 3 {
			file = ws[3].Value
		}
		if len(ws) > 4 {
			dir = ws[4].Value
		}
		return file, dir, file != ""
	}
	return "", "", false
}

// exportsPath follows export PATH=DIR:$PATH (and declare -x, typeset -x):
// the directories put first, as the walk resolves them.
func (w *archiveWalk) exportsPath(c *parse.Command, name string) bool {
	if name != "export" && name != "declare" && name != "typeset" {
		return false
	}
	for _, a := range c.Args[1:] {
		if v, ok := strings.CutPrefix(a.Value, "PATH="); ok {
			w.path = append(w.pathDirs(v, c), w.path...)
		}
	}
	return true
}

// pathDirs returns the directories of a PATH value that stand before its
// old value, resolved ($PWD/x is ./x).
func (w *archiveWalk) pathDirs(v string, c *parse.Command) []string {
	var out []string
	for _, d := range strings.Split(v, ":") {
		if d == "${PATH}" || d == "$PATH" {
			break
		}
		if k := w.resolve(d); k != "" {
			out = append(out, k)
		}
		if r := w.rel(d, c); r != d {
			if k := w.resolve(r); k != "" {
				out = append(out, k)
			}
		}
	}
	return out
}

// foundRuns returns what a command runs from the trees besides its program
// path: for sh {} under find -exec, a file under each directory the find
// starts from; for a program named without a slash, that name in each
// directory a PATH (exported, or given to this command) puts first.
func (w *archiveWalk) foundRuns(c *parse.Command, prog string) []string {
	var out []string
	if o := c.Outer; o != nil && o.Name() == "find" {
		braces := false
		for _, a := range c.Args {
			braces = braces || strings.Contains(a.Value, "{}")
		}
		if braces {
			for _, a := range o.Args[1:] {
				v := a.Value
				if strings.HasPrefix(v, "-") || v == "(" || v == "!" {
					break
				}
				if k := w.resolve(v); k != "" {
					out = append(out, k+"/{}")
				}
			}
		}
	}
	if strings.Contains(prog, "/") || prog == "" {
		return out
	}
	dirs := w.path
	for _, e := range c.Env {
		if e.Name == "PATH" {
			dirs = append(w.pathDirs(e.Value.Value, c), dirs...)
		}
	}
	for _, d := range dirs {
		out = append(out, d+"/"+prog)
	}
	return out
}

// stemMatch reports a first path name that an archive with the name stem
// top unpacks into: valgrind-3.22 for valgrind; a stem shorter than three
// letters only by itself or followed by -, _ or . (t-1.2 for t, not tests).
func stemMatch(first, top string) bool {
	if len(top) >= 3 {
		return strings.HasPrefix(first, top)
	}
	if first == top {
		return true
	}
	rest, ok := strings.CutPrefix(first, top)
	return ok && (rest[0] == '-' || rest[0] == '_' || rest[0] == '.')
}

// memberOf reports a path under one of tar's named members.
func memberOf(rest string, members []string) bool {
	for _, m := range members {
		m = strings.TrimPrefix(path.Clean(m), "./")
		if rest == m || strings.HasPrefix(rest, m+"/") || strings.Contains(m, "*") && globMatch(m, rest) {
			return true
		}
	}
	return false
}

func globMatch(pat, s string) bool {
	ok, err := path.Match(pat, s)
	return err == nil && ok
}

// downloadInstallBin is a download put into a system program directory
// without a check of its checksum or signature: curl -o
// /usr/local/sbin/runc URL; curl -LO …/kubectl && sudo install ./kubectl
// /usr/local/bin/kubectl; curl … | tar -xz -C /usr/local/bin; an archive's
// program moved there. Every later command that names it runs what the
// server sent, as root's and every user's PATH finds it there.
var downloadInstallBin = &Rule{
	ID: "download-install-bin", Tier: Dangerous,
	Title:   "Install a download into a system program directory unchecked",
	Reason:  "A program downloaded and put into /usr/local/bin (or another directory on everyone's PATH) without checking its checksum or signature runs whatever the server sent, for every user and for root, every time its name is typed.",
	Suggest: "check the download's checksum or signature first (sha256sum -c, gpg --verify, cosign verify-blob), then install it",
	input:   downloadInstall,
	Match: []string{
		"curl -o /usr/local/sbin/runc -L https://x.org/crun-0.14-static && chmod +x /usr/local/sbin/runc",
		"curl -LO https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl && sudo install ./kubectl /usr/local/bin/kubectl",
		"curl -sL https://x.org/helm-v3.tar.gz | tar -xz -C /usr/local/bin",
		"wget https://x.org/tool-1.2.tar.gz && tar xf tool-1.2.tar.gz && sudo mv tool-1.2/tool /usr/local/bin/",
	},
	NoMatch: []string{
		"sudo install ./kubectl /usr/local/bin/kubectl",
		"curl -LO https://dl.k8s.io/kubectl && echo \"$SUM  kubectl\" | sha256sum -c && sudo install ./kubectl /usr/local/bin/kubectl",
		"curl -o /tmp/x https://x.org/x && cp ./mytool /usr/local/bin/",
		"curl -o /usr/local/bin/x https://x.org/x && /usr/local/bin/x --version",
		"set -e; wget -O /usr/local/bin/gosu https://x.org/gosu; wget -O /usr/local/bin/gosu.asc https://x.org/gosu.asc; gpg --batch --verify /usr/local/bin/gosu.asc /usr/local/bin/gosu",
		"curl -s https://x.org/minio.sha256sum -o /opt/bin/minio.sha256sum",
	},
}

func init() { table = append(table, downloadInstallBin) }

// systemBinDir reports a directory on the system's PATH, or a plugin
// directory programs run from, that system-config-write does not already
// report (/usr/bin, /usr/sbin, /bin are its).
func systemBinDir(p string) bool {
	if !strings.HasPrefix(p, "/") || systemConfig(p) {
		return false
	}
	p = path.Clean(p)
	for _, d := range []string{"/usr/local/bin", "/usr/local/sbin", "/opt/bin", "/usr/local/lib/docker/cli-plugins", "/usr/local/libexec/docker/cli-plugins", "/usr/games", "/usr/local/games"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// programRoot reports a directory an archive unpacked into (tar -C DIR)
// or a tree moved into (mv /tmp/go /usr/local) installs programs through:
// the root of the system (/, /usr: the image's; on a machine
// system-config-write's), /usr/local and /opt, or a tool's own directory
// in them (/usr/local/go, /opt/nvim). linuxserver's s6-overlay unpacked
// over an image's / supplies /init, its ENTRYPOINT; nomad's Go toolchain
// in /usr/local/go is linked into /usr/bin.
func programRoot(p string, r *parse.Result) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	p = path.Clean(p)
	switch p {
	case "/", "/usr":
		return r.Image || r.Runner
	case "/usr/local", "/opt":
		return true
	}
	for _, d := range []string{"/usr/local/", "/opt/"} {
		if rest, ok := strings.CutPrefix(p, d); ok && !strings.Contains(rest, "/") {
			switch rest {
			case "share", "man", "etc", "include", "src", "doc", "data":
				return false
			}
			return true
		}
	}
	return false
}

// installHit is one install of a download, with the download it came from.
type installHit struct {
	h    hit
	at   *parse.Command // the install
	from *parse.Command
	tree *archiveTree
}

func downloadInstall(r *parse.Result) []hit {
	var w *archiveWalk
	var found []installHit
	var pathVars map[string]bool
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
			pathVars = pathDirVars(r.Input) // direnv: curl -o "$bin_path/direnv", bin_path a directory of $PATH
		}
		w.spell(c)
		if fetches(c, r) {
			for _, f := range fetchTargets(c) {
				if _, sum := stripSumExt(path.Base(f)); (systemBinDir(f) || inPathDir(f, pathVars)) && c.Name() != "httrack" && !sum {
					found = append(found, installHit{h: hit{start: c.Start, end: c.End, detail: f + " is a download"}, at: c, from: c})
					break
				}
			}
		} else if ih, ok := w.installs(c, name); ok {
			found = append(found, ih)
		}
		n := len(w.trees)
		w.step(c, name) // the archive walk: trees, moves, runs (which mark them reported)
		if len(w.trees) > n && (name == "tar" || name == "gtar" || name == "bsdtar" || name == "unzip" || name == "mv" || name == "cp") {
			if t := w.trees[n]; systemBinDir(t.root) || programRoot(t.root, r) {
				what := "unpacked from a download by "
				if name == "mv" || name == "cp" {
					what = "a tree unpacked from a download by "
				}
				found = append(found, installHit{h: hit{start: c.Start, end: c.End, detail: t.root + ": " + what + short(t.from.String())}, at: c, from: t.from, tree: t})
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	// A download that the line also runs is download-run's (or
	// download-archive-run's) finding: one fact, one finding.
	ran := map[int]bool{}
	for _, h := range downloadThenRun(r) {
		ran[h.start] = true
	}
	var out []hit
	once := map[*parse.Command]bool{} // one download, one install: cp x bin/x.new; mv bin/x.new bin/x (rclone)
	for _, f := range found {
		if once[f.from] {
			continue
		}
		if f.tree != nil && f.tree.reported || f.tree == nil && ran[f.from.Start] {
			continue
		}
		if w.checks.fetchChecked(f.from, f.at, true) {
			// A check of the download, before or after the write, whose
			// failure stops the step (wget -O /usr/local/bin/gosu …;
			// gpg --verify gosu.asc gosu under set -e).
			continue
		}
		once[f.from] = true
		out = append(out, f.h)
	}
	return out
}

// installs reads cp, mv, install, ln and rsync of a downloaded file or of
// an archive's content into a system program directory (an extraction of a
// download there, tar -C /usr/local/bin, is read after the walk's step).
func (w *archiveWalk) installs(c *parse.Command, name string) (installHit, bool) {
	if from := w.netStdin(c); from != nil && name != "tar" && name != "gtar" && name != "bsdtar" && name != "dd" { // dd: dd-absolute reports it
		// curl URL | sudo tee /usr/local/bin/x, | dd of=…, | install /dev/stdin …
		for _, t := range writeTargets(c) {
			if systemBinDir(t.Value) {
				return installHit{h: hit{start: c.Start, end: c.End, detail: t.Value + " is written from a download by " + short(from.String())}, at: c, from: from}, true
			}
		}
	}
	switch name {
	case "cp", "mv", "install", "ln", "rsync":
	default:
		if len(c.Args) > 2 && w.res.Defines(name) && runsArgs(w.res, name) {
			// runAsRoot cp "$TMP" "$DIR/$APP" (k3d): a function of the
			// input that runs its arguments, under sudo or not.
			in := *c
			in.Args = c.Args[1:]
			if ih, ok := w.installs(&in, in.Name()); ok {
				ih.at = c
				return ih, true
			}
		}
		return installHit{}, false
	}
	dst := ""
	for _, t := range writeTargets(c) {
		if systemBinDir(t.Value) {
			dst = t.Value
		}
	}
	if dst == "" {
		return installHit{}, false
	}
	a := args(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-e")
	srcs := a.operands
	if _, ok := a.value("target-directory"); !ok && !a.short['t'] && len(srcs) > 0 {
		srcs = srcs[:len(srcs)-1]
	}
	for _, s := range srcs {
		for _, k := range []string{w.resolve(s.Value), w.resolve(w.rel(s.Value, c))} {
			if from := gotFile(w.got, k); from != nil && k != "" { // also a pattern: mv gitea* /usr/local/bin/gitea (tteck)
				return installHit{h: hit{start: c.Start, end: c.End, detail: s.Value + " is a download by " + short(from.String())}, at: c, from: from}, true
			}
			if t := w.treeOf(k); t != nil {
				return installHit{h: hit{start: c.Start, end: c.End, detail: s.Value + " comes out of an archive downloaded by " + short(t.from.String())}, at: c, from: t.from, tree: t}, true
			}
		}
		if from := w.spelled[spelling(w.res, s)]; from != nil && !s.Static {
			// k3d: scurl … -o "$K3D_TMP_FILE" in one function, runAsRoot
			// cp "$K3D_TMP_FILE" "$K3D_INSTALL_DIR/$APP_NAME" in another.
			return installHit{h: hit{start: c.Start, end: c.End, detail: s.Value + " is the variable a download by " + short(from.String()) + " wrote"}, at: c, from: from}, true
		}
	}
	return installHit{}, false
}

// rel reads $PWD/x as ./x: unresolved, or resolved by parse to the
// directory command c runs in (check -c runs with the real one).
func (w *archiveWalk) rel(d string, c *parse.Command) string {
	for _, p := range []string{"${PWD}/", "$PWD/", "$(pwd)/"} {
		if rest, ok := strings.CutPrefix(d, p); ok {
			return rest
		}
	}
	if c.Dir != "" && strings.HasPrefix(c.Dir, "/") && w.cwd != "" {
		if rest, ok := strings.CutPrefix(d, strings.TrimSuffix(c.Dir, "/")+"/"); ok {
			return rest
		}
	}
	return d
}

// gotFile returns the download of file f, also when f is a pattern that
// names one (dpkg -i libc6_*_amd64.deb after httrack --get …/libc6_2.28_amd64.deb).
func gotFile(got map[string]*parse.Command, f string) *parse.Command {
	f = path.Clean(f)
	if c, ok := got[f]; ok {
		return c
	}
	if !strings.ContainsAny(f, "*?[") {
		return nil
	}
	var first *parse.Command
	for k, c := range got {
		if globMatch(f, k) && (first == nil || c.Start < first.Start) {
			first = c
		}
	}
	return first
}
