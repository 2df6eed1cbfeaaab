package parse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardsh/guardsh/programs"
)

// curlStatusOnly reports a curl whose standard output carries nothing the
// server wrote: the body goes to a file (-o FILE, a path known before the
// run, or -O, one for each URL),
// no headers or trace are sent to standard output, and the --write-out
// format prints only numbers curl measures (%{http_code}, sizes, times).
// code=$(curl -s -o /dev/null -w '%{http_code}' URL) is then no download
// in the variable. (pixi's installer writes to "$TEMP_FILE", which could
// be /dev/stdout: it stays a download.)
func curlStatusOnly(ce *syntax.CallExpr) bool {
	g := programs.Lookup("curl")
	if g == nil || len(ce.Args) < 2 {
		return false
	}
	words := make([]string, 0, len(ce.Args)-1)
	for _, a := range ce.Args[1:] {
		v, ok := quotedLit(a)
		if !ok {
			v = "\x00" // a dynamic word: a URL or a file name, never an option here
		}
		words = append(words, v)
	}
	pp := g.Parse(words, programs.Env{Lenient: true})
	if pp.Err != nil {
		return false
	}
	outs, urls, format := 0, len(pp.Operands), ""
	for _, o := range pp.Opts {
		switch o.Key {
		case "output":
			switch o.Value {
			case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/tty":
				return false
			}
			if strings.Contains(o.Value, "\x00") {
				return false // a path not known before the run may be /dev/stdout
			}
			outs++
		case "remote-name":
			outs++
		case "remote-name-all":
			outs = 1 << 20
		case "url":
			urls++
		case "write-out":
			if strings.Contains(o.Value, "\x00") {
				return false // a format not known before the run
			}
			format += o.Value
		case "include", "dump-header", "trace", "trace-ascii", "config", "K":
			return false // headers or a trace on standard output, or options from a file
		default:
			if o.Unknown {
				return false
			}
		}
	}
	return format != "" && outs >= urls && urls > 0 && numericWriteOut(format)
}

// numericWriteOut reports a --write-out format whose variables are all
// numbers curl measures itself; literal text between them is the
// script's own.
func numericWriteOut(f string) bool {
	if strings.HasPrefix(f, "@") {
		return false // the format is read from a file
	}
	for {
		i := strings.Index(f, "%")
		if i < 0 {
			return true
		}
		f = f[i+1:]
		if strings.HasPrefix(f, "%") {
			f = f[1:]
			continue
		}
		if !strings.HasPrefix(f, "{") {
			return false // %header{…}, %output{…}
		}
		j := strings.Index(f, "}")
		if j < 0 {
			return false
		}
		switch f[1:j] {
		case "http_code", "response_code", "http_connect", "exitcode", "num_connects", "num_redirects", "num_headers", "num_retries",
			"size_download", "size_header", "size_request", "size_upload", "speed_download", "speed_upload", "ssl_verify_result",
			"proxy_ssl_verify_result", "time_appconnect", "time_connect", "time_namelookup", "time_pretransfer", "time_redirect",
			"time_starttransfer", "time_total", "http_version", "stdout", "stderr":
		default:
			return false
		}
		f = f[j+1:]
	}
}
