// Package hostcheck finds deceptive hostnames in the URLs of a command line
// — Latin mixed with Cyrillic or Greek lookalikes, punycode labels — without
// tirith, so that guardsh reports them even when tirith is absent.
package hostcheck

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardsh/guardsh/rules"
)

// Rule ids of the native host checks, which need no tirith.
const (
	RuleMixedScript = "url-mixed-script-host"
	RulePunycode    = "url-punycode-host"
)

// Rules are the rules behind [Findings], with examples that must and must
// not match. The engine adds them to its table so that `guardsh explain`
// knows them.
var Rules = []*rules.Rule{
	{
		ID:    RuleMixedScript,
		Tier:  rules.Dangerous,
		Title: "hostname mixes Latin with Cyrillic or Greek lookalikes",
		Reason: "letters from another script that look like Latin ones make a hostname " +
			"read as a familiar site while pointing somewhere else",
		Suggest:        "type the hostname yourself in plain ASCII and compare it with the site you expect",
		NeverPermanent: true,
		Match: []string{
			"curl https://exаmple.com/install.sh", // Cyrillic а
			"git clone https://gіthub.com/org/repo",
			"wget http://user@pаypal.com:8080/x",
			"curl https://аррӏе.com/", // a label of Cyrillic lookalikes only
			"curl https://gοοgle.com", // Greek omicron
		},
		NoMatch: []string{
			"curl https://example.com/x",
			"curl https://пример.рф/", // all Cyrillic, a real Russian name
			"curl https://bücher.de/",
			"echo 'привет мир'",
			"curl https://例え.jp/",
		},
	},
	{
		ID:    RulePunycode,
		Tier:  rules.Dangerous,
		Title: "hostname in punycode",
		Reason: "an xn-- label hides the Unicode name it stands for, which may imitate " +
			"a familiar site",
		Suggest:        "decode the name (it is shown in the finding) and check it is the site you expect",
		NeverPermanent: true,
		Match: []string{
			"curl https://xn--exmple-4nf.com/x",
			"wget http://XN--80AK6AA92E.com/",
		},
		NoMatch: []string{
			"curl https://example.com/xn--not-a-host",
			"echo xn--80ak6aa92e.com",
		},
	},
}

// Findings returns a finding for every URL host in text that mixes Latin
// letters with Cyrillic or Greek lookalikes, and for every host with a
// punycode (xn--) label. It is a pure function of text, cheap enough for
// every command line: it does nothing unless text contains "://".
//
// Offsets are byte offsets of the host within text.
func Findings(text string) []rules.Finding {
	var out []rules.Finding
	for i := 0; ; {
		j := strings.Index(text[i:], "://")
		if j < 0 {
			break
		}
		j += i
		if !hasScheme(text[:j]) {
			i = j + 3
			continue
		}
		start, end := hostSpan(text, j+3)
		i = max(end, j+3)
		if start == end {
			continue
		}
		out = append(out, checkHost(text, start, end)...)
	}
	return out
}

// hasScheme reports whether before ends with a URL scheme such as "https".
func hasScheme(before string) bool {
	k := len(before)
	for k > 0 {
		c := before[k-1]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '.' || c == '-' {
			k--
			continue
		}
		break
	}
	scheme := before[k:]
	return scheme != "" && ('a' <= scheme[0] && scheme[0] <= 'z' || 'A' <= scheme[0] && scheme[0] <= 'Z')
}

// hostSpan returns the byte span of the host in the authority that starts
// at i: userinfo and port are left out.
func hostSpan(text string, i int) (start, end int) {
	end = i
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if strings.ContainsRune("/?#\\ \t\n\r'\"`<>|;&(){}", r) || unicode.IsSpace(r) {
			break
		}
		end += size
	}
	start = i
	if at := strings.LastIndexByte(text[i:end], '@'); at >= 0 {
		start = i + at + 1
	}
	if start < end && text[start] == '[' { // an IPv6 literal
		return start, start
	}
	if colon := strings.LastIndexByte(text[start:end], ':'); colon >= 0 {
		end = start + colon
	}
	for end > start && text[end-1] == '.' {
		end--
	}
	return start, end
}

// checkHost checks the host text[start:end].
func checkHost(text string, start, end int) []rules.Finding {
	host := text[start:end]
	var out []rules.Finding
	var decoded []string
	for _, label := range splitLabels(host) {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
			u, err := punycodeDecode(strings.ToLower(label[4:]))
			reason := fmt.Sprintf("label %q is punycode", label)
			if err != nil {
				reason += " that does not decode (" + err.Error() + ")"
			} else {
				reason += fmt.Sprintf(" for %q", u)
				label = u
			}
			out = append(out, hostFinding(RulePunycode, text, start, end, reason))
		}
		decoded = append(decoded, label)
	}
	if why := mixedScript(decoded); why != "" {
		out = append(out, hostFinding(RuleMixedScript, text, start, end,
			fmt.Sprintf("hostname %q %s", host, why)))
	}
	return out
}

func hostFinding(id, text string, start, end int, reason string) rules.Finding {
	var r *rules.Rule
	for _, hr := range Rules {
		if hr.ID == id {
			r = hr
		}
	}
	return rules.Finding{
		Rule:           id,
		Tier:           r.Tier,
		Title:          r.Title,
		Reason:         reason,
		Text:           text[start:end],
		Start:          start,
		End:            end,
		Via:            []string{},
		Suggest:        r.Suggest,
		Source:         "guardsh",
		NeverPermanent: r.NeverPermanent,
	}
}

// splitLabels splits a host at full stops, including the ideographic and
// full-width ones that IDNA also treats as dots.
func splitLabels(host string) []string {
	return strings.FieldsFunc(host, func(r rune) bool {
		return r == '.' || r == '\u3002' || r == '\uff0e' || r == '\uff61'
	})
}

// lookalikeScripts are the scripts whose letters pass for Latin ones.
var lookalikeScripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Cyrillic", unicode.Cyrillic},
	{"Greek", unicode.Greek},
	{"Armenian", unicode.Armenian},
	{"Cherokee", unicode.Cherokee},
}

// confusables are the Cyrillic and Greek letters that look like Latin
// letters in common fonts.
const confusables = "авсдеһіјкӏмнорԛѕтυԝхуаеіјоѕрсхуАВСЕНІЈКМОРЅТХУ" +
	"αβεικνοραςτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧϲϳ"

// mixedScript reports, as the rest of a sentence, how the labels mix Latin
// with a lookalike script, or "" when they do not: a label that mixes
// them, or a label made only of lookalike letters beside Latin labels.
func mixedScript(labels []string) string {
	latinLabels := 0
	for _, l := range labels {
		if hasLatin(l) {
			latinLabels++
		}
	}
	for _, l := range labels {
		script, first, all := lookalike(l)
		if script == "" {
			continue
		}
		if hasLatin(l) {
			return fmt.Sprintf("mixes Latin with %s in %q (first %U %q)", script, l, first, first)
		}
		if all && latinLabels > 0 {
			return fmt.Sprintf("has a label %q made only of %s letters that look Latin (first %U %q)", l, script, first, first)
		}
	}
	return ""
}

func hasLatin(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}

// lookalike returns the first lookalike script in s, its first letter, and
// whether every letter of s is a confusable of a Latin letter.
func lookalike(s string) (script string, first rune, all bool) {
	all = true
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		if !strings.ContainsRune(confusables, r) {
			all = false
		}
		if script != "" {
			continue
		}
		for _, ls := range lookalikeScripts {
			if unicode.Is(ls.table, r) {
				script, first = ls.name, r
				break
			}
		}
	}
	return script, first, all && script != ""
}

// punycodeDecode decodes the part of an IDNA label after "xn--" (RFC 3492).
func punycodeDecode(s string) (string, error) {
	const (
		base, tmin, tmax = 36, 1, 26
		skew, damp       = 38, 700
		initialBias      = 72
		initialN         = 128
	)
	var out []rune
	if k := strings.LastIndexByte(s, '-'); k >= 0 {
		for _, c := range s[:k] {
			if c >= 0x80 {
				return "", fmt.Errorf("non-ASCII basic code point")
			}
			out = append(out, c)
		}
		s = s[k+1:]
	}
	if len(s) == 0 && len(out) == 0 {
		return "", fmt.Errorf("empty label")
	}
	n, bias, i := rune(initialN), initialBias, 0
	for p := 0; p < len(s); {
		oldi, w := i, 1
		for k := base; ; k += base {
			if p >= len(s) {
				return "", fmt.Errorf("truncated")
			}
			c := s[p]
			p++
			var digit int
			switch {
			case 'a' <= c && c <= 'z':
				digit = int(c - 'a')
			case '0' <= c && c <= '9':
				digit = int(c-'0') + 26
			default:
				return "", fmt.Errorf("bad digit %q", c)
			}
			if digit > (1<<30)/w || i > (1<<30)-digit*w {
				return "", fmt.Errorf("overflow")
			}
			i += digit * w
			t := min(max(k-bias, tmin), tmax)
			if digit < t {
				break
			}
			w *= base - t
			if w > 1<<30 {
				return "", fmt.Errorf("overflow")
			}
		}
		count := len(out) + 1
		// adapt the bias
		delta := i - oldi
		if oldi == 0 {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / count
		k := 0
		for delta > ((base-tmin)*tmax)/2 {
			delta /= base - tmin
			k += base
		}
		bias = k + (base-tmin+1)*delta/(delta+skew)

		n += rune(i / count)
		i %= count
		if n > unicode.MaxRune || len(out) > 253 {
			return "", fmt.Errorf("out of range")
		}
		out = append(out[:i], append([]rune{n}, out[i:]...)...)
		i++
	}
	return string(out), nil
}
