// Package strictjson reads JSON the way guardsh must read what an agent
// sends it: exactly, so that guardsh and the agent cannot see two different
// commands in the same bytes.
//
// encoding/json alone is not exact enough. Decoding into a struct matches
// keys case-insensitively ("CMD" fills a field tagged "cmd"), while
// JavaScript's JSON.parse and Rust's serde match them exactly; and every
// decoder keeps the last of two equal keys, while others keep the first or
// refuse. Lone UTF-16 surrogate escapes ("\ud800") become U+FFFD in Go, are
// kept in JavaScript and are refused by serde_json. So guardsh refuses, in
// the whole input and not only on the path it reads:
//
//   - anything that is not exactly one valid JSON value in valid UTF-8;
//   - a duplicate key in any object at any depth, after unescaping
//     ("command" and "comm\u0061nd" are the same key);
//   - a lone or reversed surrogate escape;
//   - nesting deeper than [MaxDepth].
//
// [Object.Get] then reads a key exactly: a key that differs from the wanted
// one only in case (under Unicode simple folding, as encoding/json's struct
// matching does) is an error, not a miss, so that a case-folding reader
// elsewhere cannot take it for the key.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects accepted; it is
// encoding/json's own limit.
const MaxDepth = 10000

// An Error says what is wrong with the input and where: Path is a JSONPath
// such as $.tool_input.command or $[3].
type Error struct {
	Path string
	Msg  string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// Validate checks that data is exactly one JSON value that guardsh can read
// without ambiguity (see the package documentation). Leading and trailing
// white space is allowed. The cost is linear in len(data).
func Validate(data []byte) error {
	if !utf8.Valid(data) {
		return &Error{Msg: "not valid UTF-8"}
	}
	if !json.Valid(data) {
		// encoding/json says what and where.
		var v any
		dec := json.NewDecoder(bytes.NewReader(data))
		err := dec.Decode(&v)
		switch {
		case err == io.EOF:
			err = errors.New("no JSON value")
		case err == nil && dec.More():
			err = errors.New("more than one JSON value")
		case err == nil:
			_, err = dec.Token()
			if err == nil {
				err = errors.New("more than one JSON value")
			}
			err = fmt.Errorf("after the JSON value: %v", err)
		}
		if strings.Contains(err.Error(), "exceeded max depth") {
			err = fmt.Errorf("nested deeper than %d", MaxDepth)
		}
		return &Error{Msg: err.Error()}
	}
	if err := surrogates(data); err != nil {
		return err
	}
	w := walker{data: data}
	return w.value()
}

// walker reads a text that json.Valid accepted, checking every object in it
// for duplicate keys. path is the stack of path segments, rendered only for
// an error, so that deep nesting stays linear. Nesting is at most
// json.Valid's own limit, MaxDepth.
type walker struct {
	data []byte
	i    int
	path []string
}

func (w *walker) ws() {
	for w.i < len(w.data) {
		switch w.data[w.i] {
		case ' ', '\t', '\r', '\n':
			w.i++
		default:
			return
		}
	}
}

// str reads the string at w.i and returns it unescaped.
func (w *walker) str() (string, error) {
	start := w.i
	w.i++ // the opening quote
	escaped := false
	for w.data[w.i] != '"' {
		if w.data[w.i] == '\\' {
			escaped = true
			w.i++
		}
		w.i++
	}
	w.i++
	raw := w.data[start:w.i]
	if !escaped {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}

func (w *walker) value() error {
	w.ws()
	switch w.data[w.i] {
	case '{':
		w.i++
		var first string
		var seen map[string]struct{}
		for n := 0; ; n++ {
			w.ws()
			if w.data[w.i] == '}' {
				w.i++
				return nil
			}
			if w.data[w.i] == ',' {
				w.i++
				w.ws()
			}
			key, err := w.str()
			if err != nil {
				return &Error{Path: render(w.path), Msg: err.Error()}
			}
			dup := false
			switch {
			case n == 0:
				first = key
			case seen == nil:
				dup = key == first
				seen = map[string]struct{}{first: {}, key: {}}
			default:
				_, dup = seen[key]
				seen[key] = struct{}{}
			}
			if dup {
				return &Error{Path: render(w.path), Msg: fmt.Sprintf("duplicate key %s: readers disagree on which one counts", strconv.Quote(key))}
			}
			w.ws()
			w.i++ // ':'
			w.path = append(w.path, "."+key)
			if err := w.value(); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
	case '[':
		w.i++
		for n := 0; ; n++ {
			w.ws()
			if w.data[w.i] == ']' {
				w.i++
				return nil
			}
			if w.data[w.i] == ',' {
				w.i++
			}
			w.path = append(w.path, "["+strconv.Itoa(n)+"]")
			if err := w.value(); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
	case '"':
		w.skipStr()
		return nil
	}
	// A number, true, false or null.
	for w.i < len(w.data) {
		switch w.data[w.i] {
		case ',', ']', '}', ' ', '\t', '\r', '\n':
			return nil
		}
		w.i++
	}
	return nil
}

// skipStr passes over the string at w.i.
func (w *walker) skipStr() {
	w.i++
	for w.data[w.i] != '"' {
		if w.data[w.i] == '\\' {
			w.i++
		}
		w.i++
	}
	w.i++
}

// render joins path segments into a JSONPath, each key quoted when it is
// not a plain identifier, and cut to a readable length.
func render(path []string) string {
	var b strings.Builder
	b.WriteString("$")
	for _, seg := range path {
		if b.Len() > 200 {
			b.WriteString("…")
			break
		}
		if key, ok := strings.CutPrefix(seg, "."); ok && !plainKey(key) {
			seg = "[" + strconv.Quote(key) + "]"
		}
		b.WriteString(seg)
	}
	return b.String()
}

func plainKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for _, r := range k {
		if !(r == '_' || r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// surrogates refuses \u escapes of UTF-16 surrogates that do not form a
// high-low pair. Outside strings a valid JSON text has no backslash, so
// the scan needs no string state; an invalid text is refused later anyway.
func surrogates(data []byte) error {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if i+1 >= len(data) {
			return nil
		}
		if data[i+1] != 'u' {
			i++ // \" \\ \/ \b ...: skip the escaped character
			continue
		}
		r, ok := hex4(data, i+2)
		if !ok {
			return nil // not valid JSON: the decoder says why
		}
		switch {
		case 0xDC00 <= r && r <= 0xDFFF:
			return &Error{Msg: fmt.Sprintf("a lone UTF-16 surrogate escape \\u%04x at byte %d", r, i)}
		case 0xD800 <= r && r <= 0xDBFF:
			lo, ok := hex4(data, i+8)
			if !ok || data[i+6] != '\\' || data[i+7] != 'u' || lo < 0xDC00 || lo > 0xDFFF {
				return &Error{Msg: fmt.Sprintf("a lone UTF-16 surrogate escape \\u%04x at byte %d", r, i)}
			}
			i += 11
		default:
			i += 5
		}
	}
	return nil
}

// hex4 reads the four hex digits at data[i:i+4].
func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(data[i:i+4]), 16, 32)
	return rune(v), err == nil
}

// An Object is a JSON object that passed [Validate], key by key.
type Object map[string]json.RawMessage

// ErrNotObject is returned by [ParseObject] for a valid JSON value that is
// not an object (null, an array, a string, ...).
var ErrNotObject = errors.New("not a JSON object")

// ParseObject validates data and decodes it as an object.
func ParseObject(data []byte) (Object, error) {
	if err := Validate(data); err != nil {
		return nil, err
	}
	return decodeObject(data)
}

func decodeObject(data []byte) (Object, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, ErrNotObject
	}
	var o Object
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, err
	}
	if o == nil {
		o = Object{}
	}
	return o, nil
}

// Get returns the raw value of key, and whether it is there. A JSON null
// counts as absent. A different key equal to key under case folding is an
// error naming both.
func (o Object) Get(key string) (json.RawMessage, bool, error) {
	variant := ""
	for k := range o {
		if k != key && strings.EqualFold(k, key) && (variant == "" || k < variant) {
			variant = k // the first in byte order, so that the message is stable
		}
	}
	if variant != "" {
		return nil, false, fmt.Errorf("key %s is not %s: keys are case-sensitive", strconv.Quote(variant), strconv.Quote(key))
	}
	raw, ok := o[key]
	if !ok || string(raw) == "null" {
		return nil, false, nil
	}
	return raw, true, nil
}

// String returns the string value of key. Absent (or null) is "" with ok
// false; any other type is an error.
func (o Object) String(key string) (s string, ok bool, err error) {
	raw, ok, err := o.Get(key)
	if err != nil || !ok {
		return "", false, err
	}
	if len(raw) == 0 || raw[0] != '"' {
		return "", true, fmt.Errorf("%s is %s, not a string", key, kind(raw))
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", true, fmt.Errorf("%s is not a string: %v", key, err)
	}
	return s, true, nil
}

// Object returns the object value of key. Absent (or null) is nil with ok
// false; any other type is an error.
func (o Object) Object(key string) (Object, bool, error) {
	raw, ok, err := o.Get(key)
	if err != nil || !ok {
		return nil, false, err
	}
	obj, err := decodeObject(raw)
	if err != nil {
		return nil, true, fmt.Errorf("%s is %s, not a JSON object", key, kind(raw))
	}
	return obj, true, nil
}

// Kind names the JSON type of a raw value: "a string", "an object", ...
func Kind(raw json.RawMessage) string { return kind(raw) }

func kind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "empty"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
