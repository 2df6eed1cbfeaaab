package rules

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// verify: which download a checksum or signature check covers (issue 12,
// the fresh held-out set: odoo's echo "$SHA wkhtmltox.deb" | sha1sum -c -
// before apt installs it was download-run, while any sha256sum -c of any
// file anywhere in the input made every other download rule quiet).
//
// A check counts for a download when:
//
//   - it names the downloaded file: sha256sum -c F.sha256 (F), the name in
//     the text fed to sha256sum -c on its standard input (echo "$SUM  F",
//     a here-string, printf, grep F SHA256SUMS | …), the file of a
//     compared sum ([ "$(sha256sum F | cut -d' ' -f1)" = "$SUM" ],
//     sha256sum F | grep -q "$SUM", openssl dgst F), gpg --verify SIG F
//     (or F.asc alone), gpgv, minisign -V -m F, signify -V -m F, cosign
//     verify-blob F; a checksum list whose names are not known (sha256sum
//     -c SHA256SUMS, --ignore-missing) covers every download;
//   - a failed check stops what follows: set -e, CHECK && …, CHECK ||
//     exit, an if condition (Command.Guarded). CHECK || true, CHECK; …
//     without set -e (a Dockerfile RUN has none), CHECK | tee log are no
//     check. The compared forms ([ "$(…)" = … ], | grep -q) are taken as
//     they are written: what the comparison's result stops is not proven;
//   - a checksum file the input downloads itself counts (the publisher's
//     sum, from the release it publishes: it catches a truncated, corrupt
//     or substituted mirror file, which is what the installers that use
//     it guard against), unless it came over plain http:// or with TLS
//     checks off (curl -k, wget --no-check-certificate): whoever can change
//     the download can then change its sum too;
//   - a program named for verifying (verify-minio.sh, a script the
//     Dockerfile COPY'd) checks the downloads whose signature or checksum
//     file the input also downloaded (minio.minisig → minio);
//   - for running a download (download-run, download-archive-run) the
//     check comes before the run; for installing one (download-install-bin)
//     it may come after, in a step whose failure stops the build (the
//     gosu pattern: wget -O /usr/local/bin/gosu …; gpg --verify …).

// checks are the verifications of one input.
type checks struct {
	names map[string][]check // by the base name of the checked file
	all   []check            // checks of every download (a list of unknown names)
	order map[*parse.Command]int
	res   *parse.Result
}

// check is one check: where it starts, what its failure stops
// (parse.Command.StopsTo), and whether nothing runs after it or after the
// && list it stops (its failure is the input's: a RUN step fails).
type check struct {
	at, stops int // at: the check's place in the walk (the order it runs in, function bodies at their calls)
	last      bool
}

// protects reports whether the check keeps a use (the command at place
// at of the walk, starting at offset start) from running when it fails;
// after allows a check that comes after the use when its failure stops
// the whole input (an install: the build fails).
func (k check) protects(at, start int, after bool) bool {
	if k.at < at {
		return k.stops == -1 || start < k.stops
	}
	return after && (k.stops == -1 || k.last)
}

// inputChecks reads the checks of an input.
func inputChecks(r *parse.Result) *checks {
	k := &checks{order: make(map[*parse.Command]int, len(r.Commands)), res: r}
	for i, c := range r.Commands {
		k.order[c] = i
	}
	var sums []string // downloaded checksum and signature files, stripped (minio.minisig → minio)
	insecure := map[string]bool{}
	for _, c := range r.Commands {
		if !fetches(c, r) {
			continue
		}
		bad := insecureFetch(c)
		for _, f := range fetchTargets(c) {
			b := path.Base(f)
			if bad {
				insecure[b] = true
			}
			if s, ok := stripSumExt(b); ok {
				sums = append(sums, s)
			}
		}
	}
	for i, c := range r.Commands {
		names, all, ok := checkedBy(c, r, insecure)
		if !ok {
			continue
		}
		st := lastStage(c, r)
		if st == nil || anyMatch(st) { // pred_redteam7.go
			continue
		}
		ck := check{at: i, stops: st.StopsTo, last: true}
		from := max(c.End, ck.stops) // check && …: the list's status is the check's
		for _, d := range r.Commands {
			if d.Start >= from && d.Name() != "" {
				ck.last = false
				break
			}
		}
		if ck.stops == 0 && !ck.last {
			continue // its failure stops nothing: check || true, check; …
		}
		if len(names) == 0 && !all && verifierName(c.Name()) {
			names = sums
		}
		for _, n := range names {
			if k.names == nil {
				k.names = map[string][]check{}
			}
			k.names[n] = append(k.names[n], ck)
		}
		if all {
			k.all = append(k.all, ck)
		}
	}
	return k
}

// covers reports a check of file f (by its base name) that protects a use
// of it by command use (see check.protects).
func (k *checks) covers(f string, use *parse.Command, after bool) bool {
	if k == nil {
		return false
	}
	b := path.Base(path.Clean(f))
	for _, list := range [][]check{k.all, k.names[b]} {
		for _, ck := range list {
			if ck.protects(k.order[use], use.Start, after) {
				return true
			}
		}
	}
	// sha256sum -c tool.sha256 after curl -LO …/tool-1.2.tgz: a sums file
	// named for the archive's stem lists it. A name of the same stem and
	// suffix is the same download read with another value of a variable
	// (node's ARCH: the check is read once, the download per value).
	if top := archiveTop(b); len(top) >= 2 {
		for n, list := range k.names {
			if n != b && archiveTop(n) == top && (!strings.Contains(n, ".") || path.Ext(n) == path.Ext(b) && strings.Contains(b, "-")) {
				for _, ck := range list {
					if ck.protects(k.order[use], use.Start, after) {
						return true
					}
				}
			}
		}
	}
	return false
}

// fetchChecked reports a check of a file download c wrote that protects
// its use by command use: a run (after false) or an install (after true).
func (k *checks) fetchChecked(c, use *parse.Command, after bool) bool {
	if k == nil || len(k.names) == 0 && len(k.all) == 0 {
		return false
	}
	for _, f := range fetchTargets(c) {
		if k.since(c, f, use, after).covers(f, use, after) { // pred_redteam7.go
			return true
		}
	}
	return false
}

// sumExts are the names of checksum and signature files: data, not
// programs (download-install-bin: minio.sha256sum into /opt/bin).
var sumExts = []string{".sha256sum", ".sha512sum", ".sha1sum", ".md5sum", ".sha256", ".sha512", ".sha384", ".sha1", ".md5", ".sum",
	".asc", ".sig", ".minisig", ".gpg", ".sign", ".pem.sig", ".intoto.jsonl", ".sigstore", ".sigstore.json", ".cosign.bundle", ".bundle"}

// stripSumExt returns a checksum or signature file's name without its
// suffix (minio.minisig → minio).
func stripSumExt(b string) (string, bool) {
	l := strings.ToLower(b)
	for _, e := range sumExts {
		if strings.HasSuffix(l, e) && len(b) > len(e) {
			return b[:len(b)-len(e)], true
		}
	}
	return "", false
}

// sumList reports the name of a checksum list whose entries are not known
// from its name: SHA256SUMS, checksums.txt, kubectl_1.2_checksums.txt.
func sumList(b string) bool {
	l := strings.ToLower(b)
	return strings.Contains(l, "sums") || strings.Contains(l, "checksum") || strings.HasSuffix(l, ".txt") || strings.HasSuffix(l, ".list")
}

// verifierName reports a program named for verifying a download
// (verify-minio.sh, verify_release, check-signature.sh).
func verifierName(n string) bool {
	n = strings.ToLower(strings.TrimSuffix(n, ".sh"))
	return strings.HasPrefix(n, "verify") || strings.HasSuffix(n, "verify") || strings.Contains(n, "check-sig") || strings.Contains(n, "check_sig")
}

// insecureFetch reports a download whose sender is not authenticated:
// a plain http:// URL, or TLS checks off.
func insecureFetch(c *parse.Command) bool {
	for _, a := range c.Args[1:] {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "http://"), strings.HasPrefix(v, "ftp://"):
			return true
		case v == "-k" || v == "--insecure" || v == "--no-check-certificate" || v == "--check-certificate=false":
			return true
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && c.Name() == "curl" && strings.ContainsRune(v, 'k'):
			return true
		}
	}
	return false
}

// lastStage returns the stage of c's pipeline whose status is the
// pipeline's when it carries c's result: c itself, or a comparison that
// reads its output (sha256sum f | grep -q "$SUM"); nil when a later stage
// drops it (sha256sum -c s | tee log: tee's status).
func lastStage(c *parse.Command, r *parse.Result) *parse.Command {
	last := c
	for i := 0; i < 4; i++ {
		var next *parse.Command
		for _, d := range r.Commands {
			if d.StdinFrom == last && d != last {
				next = d
				break
			}
		}
		if next == nil {
			break
		}
		switch next.Name() {
		case "grep", "egrep", "fgrep", "cmp", "diff", "awk", "cut", "head", "tr":
			// a comparison, or the sum cut out for one
		default:
			return nil
		}
		last = next
	}
	return last
}

// checkedBy returns the files a command checks, by base name, or all for a
// checksum list of unknown names; ok is false for a command that checks
// nothing (or whose failure stops nothing).
//
// insecure holds the base names of files downloaded over plain http or
// with TLS checks off: a checksum list among them checks nothing.
func checkedBy(c *parse.Command, r *parse.Result, insecure map[string]bool) (names []string, all, ok bool) {
	name := c.Name()
	switch name {
	case "sha256sum", "sha512sum", "sha1sum", "sha384sum", "sha224sum", "md5sum", "b2sum", "shasum", "b3sum":
		a := args(c, "-a", "--algorithm", "-l", "--length")
		if !a.has("c", "check") {
			if c.Subst || c.Piped {
				// [ "$(sha256sum f | cut -d' ' -f1)" = "$SUM" ],
				// sha256sum f | grep -q "$SUM": the sum is compared.
				for _, w := range a.operands {
					names = append(names, path.Base(w.Value))
				}
				for _, rd := range c.Redirs {
					if rd.Op == "<" {
						names = append(names, path.Base(rd.Target.Value))
					}
				}
				return names, false, len(names) > 0
			}
			return nil, false, false
		}
		if from := c.StdinFrom; from != nil && fetches(from, r) && insecureFetch(from) {
			return nil, false, false // curl http://x/SHA256SUMS | sha256sum -c
		}
		if a.has("ignore-missing") {
			for _, f := range a.operands {
				if insecure[path.Base(f.Value)] {
					return nil, false, false
				}
			}
			return nil, true, true
		}
		files := a.operands
		if len(files) == 0 || len(files) == 1 && files[0].Value == "-" {
			if from := c.StdinFrom; from != nil && fetches(from, r) && insecureFetch(from) {
				return nil, false, false // curl http://x/SHA256SUMS | sha256sum -c
			}
			n, ok := stdinSums(c, insecure)
			return n, ok && len(n) == 0, ok
		}
		for _, f := range files {
			b := path.Base(f.Value)
			if insecure[b] {
				continue
			}
			if t, ok := c.Wrote[f.Value]; ok {
				names = append(names, sumNames(t)...)
				continue
			}
			if s, ok := stripSumExt(b); ok && !sumList(s) {
				names = append(names, s)
				continue
			}
			all = true
		}
		return names, all, true
	case "gpg", "gpg2", "gpgv", "gpgv2":
		a := args(c, "--keyring", "--homedir", "-o", "--output", "--status-fd", "--logger-fd", "--trust-model", "--default-key", "-u", "--local-user", "--recipient", "-r")
		if (name == "gpg" || name == "gpg2") && !a.has("verify", "verify-files") {
			return nil, false, false
		}
		return sigOperands(a.operands), len(a.operands) == 0, true
	case "minisign", "signify", "signify-openbsd":
		a := args(c, "-m", "-x", "-p", "-P", "-s", "-t")
		if !a.has("V") {
			return nil, false, false
		}
		if m, ok := a.shortVal['m']; ok {
			return []string{path.Base(m.Value)}, false, true
		}
		return nil, true, true
	case "cosign":
		if len(c.Args) < 2 || !strings.HasPrefix(c.Args[1].Value, "verify-blob") {
			return nil, false, false
		}
		var out []string
		for _, w := range args(c, "--key", "--signature", "--certificate", "--certificate-identity", "--certificate-oidc-issuer", "--bundle",
			"--certificate-identity-regexp", "--certificate-oidc-issuer-regexp", "--certificate-chain", "--rekor-url").operands[1:] {
			out = append(out, path.Base(w.Value))
		}
		return out, len(out) == 0, true
	case "openssl":
		// openssl dgst -sha256 F (compared), openssl dgst -sha256 -verify
		// pub.pem -signature F.sig F: options are single-dash words.
		if len(c.Args) < 2 || c.Args[1].Value != "dgst" && c.Args[1].Value != "sha256" && c.Args[1].Value != "sha512" {
			return nil, false, false
		}
		signed := false
		ws := c.Args[2:]
		for i := 0; i < len(ws); i++ {
			switch v := ws[i].Value; v {
			case "-verify", "-prverify", "-signature", "-out", "-keyform", "-sigopt", "-passin", "-hmac", "-mac", "-macopt", "-sign":
				signed = signed || v == "-verify" || v == "-prverify"
				i++
			default:
				if !strings.HasPrefix(v, "-") {
					names = append(names, path.Base(v))
				}
			}
		}
		if !signed && !c.Subst && !c.Piped {
			return nil, false, false
		}
		return names, false, len(names) > 0
	}
	if verifierName(name) {
		var out []string
		for _, w := range args(c).operands {
			out = append(out, path.Base(w.Value))
		}
		if len(out) > 0 {
			if _, ok := stripSumExt(out[0]); ok {
				out = sigOperands(args(c).operands)
			}
			return out, false, true
		}
		return nil, false, true // the caller gives it the downloaded sums' files
	}
	return nil, false, false
}

// sigOperands reads gpg --verify SIG [FILE…]: the files, or SIG without
// its suffix (x.tar.gz.asc → x.tar.gz; a clearsigned SHA256SUMS is itself).
func sigOperands(ws []parse.Word) []string {
	if len(ws) >= 2 {
		var out []string
		for _, w := range ws[1:] {
			out = append(out, path.Base(w.Value))
		}
		return out
	}
	if len(ws) == 1 {
		b := path.Base(ws[0].Value)
		if s, ok := stripSumExt(b); ok {
			return []string{s}
		}
		return []string{b}
	}
	return nil
}

// stdinSums returns the file names in the sums sha256sum -c reads on its
// standard input: echo "$SUM  F", printf '%s  %s\n' "$SUM" F, <<< "…",
// grep F SHA256SUMS, cat F.sha256.
//
// ok is false when the sums come from a file downloaded insecurely;
// names is empty when they are not known (they cover every download).
func stdinSums(c *parse.Command, insecure map[string]bool) (names []string, ok bool) {
	if c.StdinText != "" {
		if n := sumNames(c.StdinText); len(n) > 0 {
			return n, true
		}
	}
	for _, rd := range c.Redirs {
		if rd.Op == "<<<" {
			return sumNames(rd.Target.Value), true
		}
		if rd.Op == "<" {
			b := path.Base(rd.Target.Value)
			if s, ok := stripSumExt(b); ok && !sumList(s) {
				return []string{s}, !insecure[b]
			}
			return nil, !insecure[b]
		}
	}
	s := c.StdinFrom
	if s == nil {
		return nil, true
	}
	switch s.Name() {
	case "echo", "printf":
		var text []string
		for _, w := range s.Args[1:] {
			if w.Origin == "network" && len(insecure) > 0 {
				return nil, false // SUM=$(curl http://x/sum); echo "$SUM  f" | sha256sum -c
			}
			if !strings.HasPrefix(w.Value, "-") || len(text) > 0 {
				text = append(text, w.Value)
			}
		}
		if s.Name() == "printf" && len(text) > 1 {
			text = text[1:]
		}
		return sumNames(strings.Join(text, " ")), true
	case "grep", "awk", "sed":
		// grep ' kubectl$' SHA256SUMS: the pattern names the file.
		ops := args(s, "-e", "-f").operands
		for _, w := range ops[min(1, len(ops)):] {
			if insecure[path.Base(w.Value)] {
				return nil, false
			}
		}
		if len(ops) > 0 {
			p := strings.Trim(ops[0].Value, " ^$'\"\\")
			if f := strings.Fields(p); len(f) > 0 {
				return []string{path.Base(f[len(f)-1])}, true
			}
		}
	case "cat":
		for _, w := range s.Args[1:] {
			b := path.Base(w.Value)
			if insecure[b] {
				return nil, false
			}
			if t, ok := stripSumExt(b); ok && !sumList(t) {
				return []string{t}, true
			}
		}
	}
	return nil, true
}

// sumNames reads the file names of checksum lines ("SUM  F", "SUM *F",
// "SHA256 (F) = SUM").
func sumNames(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		n := f[len(f)-1]
		if len(f) >= 4 && f[len(f)-2] == "=" && strings.HasPrefix(f[1], "(") {
			n = strings.Trim(f[1], "()")
		}
		n = strings.TrimPrefix(n, "*")
		if n != "" && n != "-" {
			out = append(out, path.Base(n))
		}
	}
	return out
}

// checkedRunHits drops remote-code from the rules a command matched when
// the code it runs is a file the input downloaded and checked before this
// command (curl -O …/i.sh && sha256sum -c i.sh.sha256 && sh i.sh): parse
// marks a run of a downloaded file as network code, and download-run,
// which stands for it, is quiet then too.
func checkedRunHits(hits []*Rule, c *parse.Command, res *parse.Result) []*Rule {
	k := -1
	for i, r := range hits {
		if r.ID == "remote-code" {
			k = i
		}
	}
	if k < 0 || len(c.Args) == 0 {
		return hits
	}
	run := []string{c.Args[0].Value}
	if name := c.Name(); isShell(name) || name == "source" || name == "." || strings.HasPrefix(name, "python") || name == "perl" || name == "ruby" || name == "node" || name == "php" {
		if ops := args(c, "-o", "-O").operands; len(ops) > 0 {
			run = append(run, ops[0].Value)
		}
	}
	run = append(run, installedFiles(c)...)
	if !checkedDownloadRun(res, c, run...) {
		return hits
	}
	return append(hits[:k:k], hits[k+1:]...)
}

// checkedDownloadRun reports whether c runs one of the files run, which a
// download of the input before c wrote and a check protects.
func checkedDownloadRun(res *parse.Result, c *parse.Command, run ...string) bool {
	var from *parse.Command
	for _, d := range res.Commands {
		if d == c {
			break
		}
		if !fetches(d, res) {
			continue
		}
		for _, t := range fetchTargets(d) {
			for _, f := range run {
				if path.Clean(t) == path.Clean(f) || path.Base(t) == path.Base(f) && (!strings.Contains(t, "/") || !strings.Contains(f, "/")) {
					from = d
				}
			}
		}
	}
	return from != nil && runChecks(res).fetchChecked(from, c, false)
}

// fetcherFuncAny reports a function of the input whose body downloads
// (download "$TMP_METADATA" "$URL": it writes its first argument, it does
// not run it).
func fetcherFuncAny(r *parse.Result, name string) bool {
	for _, c := range r.Commands {
		if c.InFunc == name && fetches(c, r) {
			return true
		}
	}
	return false
}

// remotePackage returns the URL of a package a system package manager
// installs straight from the network (rpm -Uvh https://…/x.rpm, dnf
// install URL, yum localinstall URL, zypper in URL, pacman -U URL, apt
// install URL is not a thing apt does): its maintainer scripts run as
// root, and a package given by URL is not checked against a repository's
// keys (dnf's localpkg_gpgcheck is off by default, rpm only warns of a
// missing key). Queries (rpm -q, -K, --checksig) install nothing.
func remotePackage(c *parse.Command) string {
	name := c.Name()
	switch name {
	case "rpm", "dnf", "yum", "microdnf", "zypper", "pacman", "tdnf":
	default:
		return ""
	}
	if len(c.Args) < 2 {
		return ""
	}
	install := false
	for _, a := range c.Args[1:] {
		v := a.Value
		switch name {
		case "rpm":
			if v == "-q" || v == "-K" || v == "--checksig" || v == "--query" || v == "-V" || v == "--verify" || v == "-e" || v == "--erase" ||
				strings.HasPrefix(v, "-q") || strings.HasPrefix(v, "-K") {
				return ""
			}
			if strings.HasPrefix(v, "--install") || strings.HasPrefix(v, "--upgrade") || strings.HasPrefix(v, "--freshen") ||
				strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "iUF") {
				install = true
			}
		case "pacman":
			if strings.HasPrefix(v, "-U") || v == "--upgrade" {
				install = true
			}
		default:
			switch v {
			case "install", "in", "localinstall", "reinstall", "upgrade", "update", "up", "install-n":
				install = true
			}
		}
		if install && strings.Contains(v, "://") && !strings.HasPrefix(v, "file://") {
			return v
		}
	}
	return ""
}

// copied follows cp and install of a file out of an unpacked download (cp
// ./kustomize "$where"; "${where}kustomize" version): the copy is the
// archive's too, whether the destination is a directory or the file.
func (w *archiveWalk) copied(c *parse.Command) {
	a := args(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix")
	ops := a.operands
	dst := ""
	if v, ok := a.value("target-directory"); ok {
		dst = v
	} else if t, ok := a.shortVal['t']; ok {
		dst = t.Value
	} else if len(ops) >= 2 {
		dst, ops = ops[len(ops)-1].Value, ops[:len(ops)-1]
	}
	d := w.resolve(dst)
	if d == "" {
		return
	}
	for _, s := range ops {
		t := w.treeOf(w.resolve(s.Value))
		if t == nil {
			continue
		}
		b := path.Base(s.Value)
		w.trees = append(w.trees, &archiveTree{root: d, members: []string{b}, from: t.from, reported: t.reported},
			&archiveTree{root: path.Dir(d), members: []string{path.Base(d)}, from: t.from, reported: t.reported})
	}
}

// gotNamed returns the download an archive named by pattern or by an
// unknown name is, in the same directory: tar xzf ./kustomize_v*_linux.tar.gz
// after curl -sLO $RELEASE_URL (a name the walk cannot know).
func (w *archiveWalk) gotNamed(k string) *parse.Command {
	if k == "" {
		return nil
	}
	dir := path.Dir(k)
	for g, from := range w.got {
		if path.Dir(g) != dir {
			continue
		}
		b := path.Base(g)
		if strings.HasPrefix(b, "$") && !strings.Contains(b, ".") || strings.ContainsAny(path.Base(k), "*?") && globMatch(path.Base(k), b) {
			return from
		}
	}
	return nil
}

// unknownRemoteName reports a curl -O or a wget without -O of a URL the
// walk does not know: the file it writes has the URL's unknown name.
func unknownRemoteName(c *parse.Command) bool {
	dynURL, named := false, false
	for _, a := range c.Args[1:] {
		v := a.Value
		switch {
		case !a.Static && strings.HasPrefix(v, "$") && !strings.Contains(v, "://"):
			dynURL = true
		case c.Name() == "curl" && (v == "--remote-name" || v == "--remote-name-all" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'O')):
			named = true
		case v == "-o" || v == "--output" || strings.HasPrefix(v, "--output=") || c.Name() == "wget" && (v == "-O" || strings.HasPrefix(v, "--output-document")) || len(c.Redirs) > 0:
			return false
		}
	}
	return dynURL && (named || c.Name() == "wget")
}

// pathDirVars returns the variables of the input that hold a directory of
// $PATH: the variable of a loop over $PATH's directories (for p in $(echo
// "$PATH" | tr ':' '\n'), for p in ${PATH//:/ }, IFS=: … for p in $PATH),
// and a variable assigned from one (bin_path=$path: direnv's installer
// puts its download into the first writable directory of PATH). A
// download written into such a directory is a program every shell of the
// user, or root, finds by name.
func pathDirVars(text string) map[string]bool {
	if !strings.Contains(text, "PATH") {
		return nil
	}
	var out map[string]bool
	add := func(v string) {
		if out == nil {
			out = map[string]bool{}
		}
		out[v] = true
	}
	for _, m := range pathLoop().FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	if out == nil {
		return nil
	}
	for i := 0; i < 3; i++ { // bin_path=$path, then dir=$bin_path
		for _, m := range assignVar().FindAllStringSubmatch(text, -1) {
			if out[m[2]] {
				add(m[1])
			}
		}
	}
	return out
}

// pathLoop and assignVar are compiled on first use (nothing is built at
// start-up: TestStartupInitBudget).
var (
	pathLoopOnce sync.Once
	pathLoopRe   *regexp.Regexp
	assignVarRe  *regexp.Regexp
)

func pathLoop() *regexp.Regexp {
	pathLoopOnce.Do(func() {
		pathLoopRe = regexp.MustCompile(`for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+[^;\n]*\$\{?PATH\b`)
		assignVarRe = regexp.MustCompile(`(?m)(?:^|[\s;&|(])([A-Za-z_][A-Za-z0-9_]*)=["']?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?["']?(?:$|[\s;&|)])`)
	})
	return pathLoopRe
}

func assignVar() *regexp.Regexp {
	pathLoop()
	return assignVarRe
}

// inPathDir reports a path under a variable pathDirVars found: "$bin_path/direnv".
func inPathDir(p string, vars map[string]bool) bool {
	if len(vars) == 0 || !strings.HasPrefix(p, "$") {
		return false
	}
	v := strings.TrimPrefix(p, "$")
	name := ""
	if strings.HasPrefix(v, "{") {
		name, _, _ = strings.Cut(v[1:], "}")
		v = v[len(name)+2:]
	} else {
		i := strings.IndexFunc(v, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		})
		if i < 0 {
			return false
		}
		name, v = v[:i], v[i:]
	}
	return vars[name] && strings.HasPrefix(v, "/") && len(v) > 1 && !strings.Contains(v[1:], "/")
}

// spell records the output word of a download, or of a call of a function
// of the input that downloads, when it is a variable: -o "$F", -O "$F",
// --output "$F" (k3d: scurl -sL "$DOWNLOAD_URL" -o "$K3D_TMP_FILE"). A
// later copy of the same variable, in any function, copies the download:
// the variable is followed by its name where its value is not known.
func (w *archiveWalk) spell(c *parse.Command) {
	name := c.Name()
	if !fetches(c, w.res) && !(w.res.Defines(name) && fetcherFuncAny(w.res, name)) {
		return
	}
	ws := c.Args[1:]
	for i, a := range ws {
		v := a.Value
		if (v == "-o" || v == "-O" || v == "--output" || v == "--output-document") && i+1 < len(ws) && !ws[i+1].Static {
			if sp := spelling(w.res, ws[i+1]); sp != "" {
				if w.spelled == nil {
					w.spelled = map[string]*parse.Command{}
				}
				w.spelled[sp] = c
			}
		}
	}
}

// spelling returns a word that is one variable as written in the input
// ("$F", "${F}", $F all give $F), or "".
func spelling(r *parse.Result, w parse.Word) string {
	if w.Start < 0 || w.End > len(r.Input) || w.Start >= w.End {
		return ""
	}
	t := strings.Trim(r.Input[w.Start:w.End], `"`)
	if !strings.HasPrefix(t, "$") {
		return ""
	}
	t = t[1:]
	if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
		t = t[1 : len(t)-1]
	}
	if !parse.ValidName(t) {
		return ""
	}
	return "$" + t
}

// runsArgs reports a function of the input whose body runs a command word
// it does not spell out: "$@", $CMD (CMD="$*", or "sudo $*"), ${cmd[@]}:
// it runs what its caller gives it (k3d's runAsRoot, maybe_sudo, as_root).
func runsArgs(r *parse.Result, name string) bool {
	for _, c := range r.Commands {
		if c.InFunc != name || len(c.Args) == 0 {
			continue
		}
		if sp := r.Input[max(0, min(c.Args[0].Start, len(r.Input))):max(0, min(c.Args[0].End, len(r.Input)))]; strings.HasPrefix(strings.Trim(sp, `"`), "$") {
			return true
		}
	}
	return false
}
