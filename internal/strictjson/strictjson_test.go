package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		in  string
		err string // substring; "" for valid
	}{
		{`{"cmd":"ls"}`, ""},
		{` {"a":{"b":[1,2,{"c":null}]},"d":"\u0063"} `, ""},
		{`{"a":1,"A":2}`, ""}, // distinct keys here; Get refuses the variant
		{`"\ud83d\ude00"`, ""},
		{`"\\ud800"`, ""}, // an escaped backslash, then text
		{`{"cmd":"rm -rf /","cmd":"ls"}`, `$: duplicate key "cmd"`},
		{`{"cmd":"rm -rf /","c\u006dd":"ls"}`, `duplicate key "cmd"`},
		{`{"a":{"b":1,"b":2}}`, `$.a: duplicate key "b"`},
		{`[{},{"x":[{"k":1,"k":1}]}]`, `$[1].x[0]: duplicate key "k"`},
		{`{"a b":{"k":1,"k":1}}`, `$["a b"]: duplicate key`},
		{`{"":1,"":2}`, `duplicate key ""`},
		{`{"cmd":"\ud800"}`, "lone UTF-16 surrogate"},
		{`{"cmd":"\udc00\ud800"}`, "lone UTF-16 surrogate"},
		{`{"cmd":"\ud800x"}`, "lone UTF-16 surrogate"},
		{`{"cmd":"\ud800\u0041"}`, "lone UTF-16 surrogate"},
		{"{\"cmd\":\"\xff\"}", "UTF-8"},
		{`{"cmd":"ls"} {"cmd":"rm"}`, "more than one"},
		{`{"cmd":"ls"}]`, "after the JSON value"},
		{`{"cmd":"ls"`, "EOF"},
		{`{"cmd" "ls"}`, "invalid character"},
		{``, "no JSON value"},
		{`  `, "no JSON value"},
		{`{"a":1}{"a":1}`, "more than one"},
		{`[1 2]`, "invalid character"},
		{`{"a":1,}`, "invalid character"},
		{strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), "nested deeper"},
		{strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth), ""},
	}
	for _, tt := range tests {
		err := Validate([]byte(tt.in))
		name := tt.in
		if len(name) > 60 {
			name = name[:60]
		}
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", name, err, tt.err)
		}
	}
}

func TestObjectGetExactCase(t *testing.T) {
	o, err := ParseObject([]byte(`{"cmd":"ls","n":3,"o":{},"z":null}`))
	if err != nil {
		t.Fatal(err)
	}
	if s, ok, err := o.String("cmd"); s != "ls" || !ok || err != nil {
		t.Errorf("String(cmd) = %q %v %v", s, ok, err)
	}
	if _, ok, err := o.String("z"); ok || err != nil {
		t.Errorf("null counts as absent: %v %v", ok, err)
	}
	if _, _, err := o.String("n"); err == nil || !strings.Contains(err.Error(), "a number, not a string") {
		t.Errorf("String(n) = %v", err)
	}
	if _, _, err := o.Object("cmd"); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("Object(cmd) = %v", err)
	}
	for _, in := range []string{`{"CMD":"rm -rf /"}`, `{"Cmd":"rm -rf /"}`, `{"cmd":"ls","CMD":"rm -rf /"}`,
		"{\"\u212amd\":1}" /* Kelvin sign: encoding/json folds it to k */, "{\"c\u017fd\":1}"} {
		o, err := ParseObject([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		key := "cmd"
		if strings.Contains(in, "\u212a") {
			key = "kmd"
		}
		if strings.Contains(in, "\u017f") {
			key = "csd"
		}
		if _, _, err := o.String(key); err == nil || !strings.Contains(err.Error(), "case-sensitive") {
			t.Errorf("%s: String(%s) = %v, want a case error", in, key, err)
		}
	}
	for _, in := range []string{`[]`, `null`, `"x"`, `3`} {
		if _, err := ParseObject([]byte(in)); err != ErrNotObject {
			t.Errorf("ParseObject(%s) = %v", in, err)
		}
	}
}

// TestStdlibIsLoose pins down why this package exists: encoding/json takes
// a case variant for the field and keeps the last duplicate.
func TestStdlibIsLoose(t *testing.T) {
	var in struct {
		Cmd *string `json:"cmd"`
	}
	if err := json.Unmarshal([]byte(`{"CMD":"rm -rf /"}`), &in); err != nil || in.Cmd == nil || *in.Cmd != "rm -rf /" {
		t.Errorf("encoding/json no longer folds case (%v): the strict reader may be simplified", err)
	}
}

// TestLinear checks that the worst shapes within the hook's 4 MiB limit stay
// fast: many tiny tokens, deep nesting, many keys.
func TestLinear(t *testing.T) {
	keys := func(size int) []byte {
		var b bytes.Buffer
		b.WriteString("{")
		for i := 0; b.Len() < size; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strconv.Itoa(i) + `":0`)
		}
		b.WriteString("}")
		return b.Bytes()
	}
	inputs := map[string]func(size int) []byte{
		"numbers": func(size int) []byte { return []byte("[" + strings.Repeat("0,", size/2) + "0]") },
		"keys":    keys,
		"escapes": func(size int) []byte { return []byte(`"` + strings.Repeat(`\u0041`, size/6) + `"`) },
	}
	// best is the least CPU time of three runs (on Linux, the thread's CPU
	// time, which a loaded machine does not inflate as it does the wall
	// clock), so that load or the race detector slows both sizes alike.
	best := func(in []byte) time.Duration {
		var b time.Duration
		for i := range 3 {
			if d := cpuTime(func() { Validate(in) }); i == 0 || d < b {
				b = d
			}
		}
		return b
	}
	for name, gen := range inputs {
		small, big := best(gen(256<<10)), best(gen(4<<20))
		// 16 times the input may take at most 48 times as long: linear,
		// with room for noise; quadratic would be 256 times.
		if big > 48*small+50*time.Millisecond {
			t.Errorf("%s: 256 KiB in %v, 4 MiB in %v: not linear", name, small, big)
		} else {
			t.Logf("%s: 256 KiB in %v, 4 MiB in %v", name, small, big)
		}
	}
	deep := []byte(strings.Repeat(`{"a":`, MaxDepth-1) + "1" + strings.Repeat("}", MaxDepth-1))
	if d := best(deep); d > 2*time.Second {
		t.Errorf("deep: %v", d)
	}
}

// FuzzValidate: Validate never panics, and whatever it accepts
// encoding/json decodes, with no key seen twice in any object.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{`{"cmd":"ls"}`, `{"a":{"a":1}}`, `{"a":1,"a":2}`, `"\ud800\udc00"`, `[{"x":[]}]`, `{"c\u006dd":1,"cmd":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate(data)
		if err != nil {
			return
		}
		var v any
		if jerr := json.Unmarshal(data, &v); jerr != nil {
			t.Fatalf("accepted %q, which encoding/json refuses: %v", data, jerr)
		}
		if o, err := ParseObject(data); err == nil {
			for k := range o {
				if _, _, err := o.Get(k); err != nil && !strings.Contains(err.Error(), "case-sensitive") {
					t.Fatalf("Get(%q): %v", k, err)
				}
			}
		}
	})
}

// oracle is a slow, independent reader: encoding/json's token stream, with
// duplicate keys tracked per object. Validate must agree with it.
func oracle(data []byte) error {
	if !utf8.Valid(data) {
		return errors.New("utf-8")
	}
	if err := surrogates(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(depth int) error
	walk = func(depth int) error {
		if depth > MaxDepth {
			return errors.New("deep")
		}
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, ok := k.(string)
				if !ok || seen[key] {
					return errors.New("dup")
				}
				seen[key] = true
				if err := walk(depth + 1); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		case json.Delim('['):
			for dec.More() {
				if err := walk(depth + 1); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		}
		return nil
	}
	if err := walk(1); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing")
	}
	return nil
}

// FuzzValidateOracle: Validate accepts exactly what the token-stream
// oracle accepts.
func FuzzValidateOracle(f *testing.F) {
	for _, s := range []string{`{"cmd":"ls"}`, `{"a":{"a":1}}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[{"x":[]},{"x":1,"y":{"x":2,"x":3}}]`, `{"\"":1,"\\":2}`, `{} `, `[1,"2",true,null,{"":0}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, want := Validate(data), oracle(data)
		if (got == nil) != (want == nil) {
			t.Fatalf("%q: Validate %v, oracle %v", data, got, want)
		}
	})
}
