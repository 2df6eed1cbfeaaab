package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/BurntSushi/toml"

	"github.com/guardsh/guardsh/rules"
)

// SystemDir is the directory of the system policy: policy.toml, then
// policy.d/*.toml in name order. It is fixed when guardsh is built
// (-ldflags "-X github.com/guardsh/guardsh/config.SystemDir=/opt/etc/guardsh")
// and is never taken from the environment: a policy the user could move
// would be a way in, not a policy.
var SystemDir = "/etc/guardsh"

// Stderr receives the policy's problems (a file ignored because it is not
// root's, a user setting the policy overrides), each once per process.
var Stderr io.Writer = os.Stderr

// A Policy is the system policy: settings a fleet's administrator lays on
// every machine, which the user's configuration cannot loosen. The user's
// configuration can still make guardsh stricter.
type Policy struct {
	Approvals struct {
		// MinMode is the loosest approvals.mode a user may choose:
		// "manual" forbids "off"; "deny" forbids "manual" and "off".
		MinMode string `toml:"min_mode"`
		// NoYOLO refuses GUARDSH_YOLO.
		NoYOLO bool `toml:"no_yolo"`
		// NoTTY, when set, forces approvals.no_tty.
		NoTTY string `toml:"no_tty"`
	} `toml:"approvals"`
	Rules struct {
		// Locked rule ids cannot be switched off by rules.disable.
		Locked []string `toml:"locked"`
		// Hardline promotes dangerous rule ids to hardline on this
		// machine (such as terraform destroy on build runners).
		Hardline []string `toml:"hardline"`
		// NeverPermanent rule ids cannot be approved "always": [[allow]]
		// entries for them are ignored.
		NeverPermanent []string `toml:"never_permanent"`
		Packs          struct {
			// Locked packs cannot be switched off by rules.packs.disable.
			Locked []string `toml:"locked"`
		} `toml:"packs"`
	} `toml:"rules"`
	Tirith struct {
		Mode     string `toml:"mode"`      // forced tirith.mode, such as "on"
		FailOpen *bool  `toml:"fail_open"` // forced tirith.fail_open
	} `toml:"tirith"`
	Audit struct {
		Syslog bool `toml:"syslog"` // forces audit.syslog on
	} `toml:"audit"`
	// MinVersion is the oldest guardsh release the fleet accepts; doctor
	// says when this binary is older.
	MinVersion string `toml:"min_version"`

	// Files are the policy files read, in order.
	Files []string `toml:"-"`
	// where maps a dotted key to the "FILE:LINE" that set it.
	where map[string]string
}

// Where returns "FILE:LINE" of the policy line that set a dotted key, or
// the policy's first file.
func (p *Policy) Where(key string) string {
	if w := p.where[key]; w != "" {
		return w
	}
	if len(p.Files) > 0 {
		return p.Files[0]
	}
	return SystemDir
}

// policyMaxSize is the largest policy file read.
const policyMaxSize = 1 << 20

// LoadPolicy reads the policy in dir: policy.toml, then policy.d/*.toml,
// later files adding to (lists) or overriding (values) earlier ones. A
// file or directory that is not owned by root, or that group or others can
// write, is ignored with a problem saying so, as is a file that does not
// parse. No policy files gives a nil Policy.
func LoadPolicy(dir string) (*Policy, []string) {
	var problems []string
	if err := trustedDir(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, []string{fmt.Sprintf("system policy %s ignored: %v", dir, err)}
	}
	files := []string{filepath.Join(dir, "policy.toml")}
	if err := trustedDir(filepath.Join(dir, "policy.d")); err == nil {
		more, _ := filepath.Glob(filepath.Join(dir, "policy.d", "*.toml"))
		sort.Strings(more)
		files = append(files, more...)
	} else if !errors.Is(err, fs.ErrNotExist) {
		problems = append(problems, fmt.Sprintf("system policy %s ignored: %v", filepath.Join(dir, "policy.d"), err))
	}
	var p *Policy
	for _, f := range files {
		data, err := readTrusted(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("system policy %s ignored: %v", f, err))
			continue
		}
		if p == nil {
			p = &Policy{where: map[string]string{}}
		}
		if err := p.merge(f, data); err != nil {
			problems = append(problems, fmt.Sprintf("system policy %v (the file is ignored)", err))
			continue
		}
		p.Files = append(p.Files, f)
	}
	if p != nil && len(p.Files) == 0 {
		p = nil
	}
	return p, problems
}

// trustedDir checks that dir is a directory owned by root that group and
// others cannot write.
func trustedDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errors.New("not a directory")
	}
	return trustedInfo(fi)
}

func trustedInfo(fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return errors.New("cannot read its owner")
	}
	if st.Uid != 0 {
		return fmt.Errorf("owned by uid %d, not root: a policy the user can change would be no policy", st.Uid)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("group or others can write it (mode %v): a policy others can change would be no policy", fi.Mode().Perm())
	}
	return nil
}

// readTrusted reads a policy file: a regular file (not a link), owned by
// root, not writable by group or others, opened without blocking.
func readTrusted(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Err == syscall.ELOOP {
			return nil, errors.New("it is a symbolic link")
		}
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if err := trustedInfo(fi); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, policyMaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > policyMaxSize {
		return nil, fmt.Errorf("larger than %d bytes", policyMaxSize)
	}
	return data, nil
}

// merge decodes one policy file over p.
func (p *Policy) merge(name string, data []byte) error {
	var q Policy
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&q)
	if err != nil {
		return decodeError(name, data, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return &Error{File: name, Line: keyLine(data, und[0]), Key: und[0].String(), Msg: "unknown policy key"}
	}
	bad := func(key, format string, a ...any) error {
		return &Error{File: name, Line: keyLine(data, strings.Split(key, ".")), Key: key, Msg: fmt.Sprintf(format, a...)}
	}
	switch q.Approvals.MinMode {
	case "", "off", "manual", "deny":
	default:
		return bad("approvals.min_mode", "%q is not one of manual, deny", q.Approvals.MinMode)
	}
	switch q.Approvals.NoTTY {
	case "", "deny", "allow":
	default:
		return bad("approvals.no_tty", "%q is not one of deny, allow", q.Approvals.NoTTY)
	}
	switch q.Tirith.Mode {
	case "", "auto", "on", "off":
	default:
		return bad("tirith.mode", "%q is not one of auto, on, off", q.Tirith.Mode)
	}
	for _, id := range append(append(slices.Clone(q.Rules.Locked), q.Rules.Hardline...), q.Rules.NeverPermanent...) {
		if _, ok := rules.Lookup(id); !ok {
			return bad("rules", "no rule %q (see 'guardsh rules')", id)
		}
	}
	for k := range Sources(data) {
		p.where[k] = fmt.Sprintf("%s:%d", name, keyLine(data, strings.Split(k, ".")))
	}
	if q.Approvals.MinMode != "" {
		p.Approvals.MinMode = q.Approvals.MinMode
	}
	p.Approvals.NoYOLO = p.Approvals.NoYOLO || q.Approvals.NoYOLO
	if q.Approvals.NoTTY != "" {
		p.Approvals.NoTTY = q.Approvals.NoTTY
	}
	p.Rules.Locked = append(p.Rules.Locked, q.Rules.Locked...)
	p.Rules.Hardline = append(p.Rules.Hardline, q.Rules.Hardline...)
	p.Rules.NeverPermanent = append(p.Rules.NeverPermanent, q.Rules.NeverPermanent...)
	p.Rules.Packs.Locked = append(p.Rules.Packs.Locked, q.Rules.Packs.Locked...)
	if q.Tirith.Mode != "" {
		p.Tirith.Mode = q.Tirith.Mode
	}
	if q.Tirith.FailOpen != nil {
		p.Tirith.FailOpen = q.Tirith.FailOpen
	}
	p.Audit.Syslog = p.Audit.Syslog || q.Audit.Syslog
	if q.MinVersion != "" {
		p.MinVersion = q.MinVersion
	}
	return nil
}

// modeRank orders approval modes from loosest to strictest.
var modeRank = map[string]int{"off": 0, "manual": 1, "deny": 2}

// Apply lays the policy over c, the user's configuration: each setting the
// user made looser than the policy allows is overridden, and a note says
// which user setting and which policy line. Settings the user made
// stricter are kept.
func (p *Policy) Apply(c *Config) (notes []string) {
	if p == nil {
		return nil
	}
	c.Policy = p
	c.FromPolicy = map[string]string{}
	set := func(key string) { c.FromPolicy[key] = p.Where(policyKey(key)) }
	override := func(key, user, policy string) {
		set(key)
		notes = append(notes, fmt.Sprintf("%s = %s is not allowed by the system policy (%s): using %s", key, user, p.Where(policyKey(key)), policy))
	}
	if m := p.Approvals.MinMode; m != "" && modeRank[c.Approvals.Mode] < modeRank[m] {
		override("approvals.mode", fmt.Sprintf("%q", c.Approvals.Mode), fmt.Sprintf("%q", m))
		c.Approvals.Mode = m
	}
	if v := p.Approvals.NoTTY; v != "" && c.Approvals.NoTTY != v {
		if !(v == "allow" && c.Approvals.NoTTY == "deny") { // the user may be stricter
			override("approvals.no_tty", fmt.Sprintf("%q", c.Approvals.NoTTY), fmt.Sprintf("%q", v))
			c.Approvals.NoTTY = v
		}
	}
	c.NoYOLO = p.Approvals.NoYOLO
	if c.NoYOLO {
		set("approvals.no_yolo")
	}
	for _, id := range p.Rules.Locked {
		if slices.Contains(c.Rules.Disable, id) {
			notes = append(notes, fmt.Sprintf("rules.disable: %s is locked on by the system policy (%s)", id, p.Where("rules.locked")))
			c.Rules.Disable = slices.DeleteFunc(slices.Clone(c.Rules.Disable), func(s string) bool { return s == id })
		}
	}
	for _, pack := range p.Rules.Packs.Locked {
		if slices.Contains(c.Rules.Packs.Disable, pack) {
			notes = append(notes, fmt.Sprintf("rules.packs.disable: pack %s is locked on by the system policy (%s)", pack, p.Where("rules.packs.locked")))
			c.Rules.Packs.Disable = slices.DeleteFunc(slices.Clone(c.Rules.Packs.Disable), func(s string) bool { return s == pack })
		}
	}
	for _, id := range p.Rules.Hardline {
		if c.Promoted == nil {
			c.Promoted = map[string]bool{}
		}
		c.Promoted[id] = true
		if slices.Contains(c.Rules.Disable, id) {
			notes = append(notes, fmt.Sprintf("rules.disable: %s is hardline by the system policy (%s)", id, p.Where("rules.hardline")))
			c.Rules.Disable = slices.DeleteFunc(slices.Clone(c.Rules.Disable), func(s string) bool { return s == id })
		}
	}
	never := append(slices.Clone(p.Rules.NeverPermanent), p.Rules.Hardline...)
	kept := c.Allow[:0:0]
	for _, a := range c.Allow {
		if slices.Contains(never, a.Rule) {
			notes = append(notes, fmt.Sprintf("[[allow]] rule = %q is ignored: the system policy (%s) never approves it permanently", a.Rule, p.Where("rules.never_permanent")))
			continue
		}
		kept = append(kept, a)
	}
	c.Allow = kept
	if m := p.Tirith.Mode; m != "" && c.Tirith.Mode != m {
		override("tirith.mode", fmt.Sprintf("%q", c.Tirith.Mode), fmt.Sprintf("%q", m))
		c.Tirith.Mode = m
	}
	if f := p.Tirith.FailOpen; f != nil && c.Tirith.FailOpen != *f && !*f {
		override("tirith.fail_open", fmt.Sprint(c.Tirith.FailOpen), fmt.Sprint(*f))
		c.Tirith.FailOpen = *f
	}
	if p.Audit.Syslog {
		c.Audit.Syslog = true
		set("audit.syslog")
	}
	return notes
}

// policyKey maps a user key to the policy key that governs it.
func policyKey(userKey string) string {
	switch userKey {
	case "approvals.mode":
		return "approvals.min_mode"
	}
	return userKey
}

var (
	policyOnce sync.Once
	policy     *Policy
	policyMsgs []string
	warnedMu   sync.Mutex
	warned     = map[string]bool{}
)

// SystemPolicy returns the policy in [SystemDir], read once per process,
// and the problems found reading it.
func SystemPolicy() (*Policy, []string) {
	policyOnce.Do(func() { policy, policyMsgs = LoadPolicy(SystemDir) })
	return policy, policyMsgs
}

// warnOnce prints a message on [Stderr] the first time it is seen.
func warnOnce(msg string) {
	warnedMu.Lock()
	defer warnedMu.Unlock()
	if warned[msg] {
		return
	}
	warned[msg] = true
	fmt.Fprintf(Stderr, "guardsh: warning: %s\n", msg)
}
