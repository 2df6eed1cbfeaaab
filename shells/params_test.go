package shells

import (
	"reflect"
	"testing"
)

func TestParamCommands(t *testing.T) {
	tests := []struct {
		text   string
		name   string
		params []string
		want   []string
	}{
		{`"$@"`, "x", []string{"rm", "-rf", "/"}, []string{`'rm' '-rf' '/'`}},
		{`$1 $2`, "x", []string{"rm -rf", "/"}, []string{`'rm' '-rf' '/'`}},
		{`"$1" -rf /`, "x", []string{"rm"}, []string{`'rm' -rf /`}},
		{`$0 -rf /`, "rm", nil, []string{`'rm' -rf /`}},
		{`cd /tmp && ${1} "$2"`, "x", []string{"chmod", "-R 777 ."}, []string{`'chmod' '-R 777 .'`}},
		{`"$*"`, "x", []string{"a", "b"}, []string{`'a b'`}},
		// Data, not commands: nothing to add.
		{`echo "$1"`, "x", []string{"rm -rf /"}, nil},
		{`git commit -m "$*"`, "x", []string{"rm", "-rf"}, nil},
		{`x=$1`, "x", []string{"rm -rf /"}, nil},
		{`if true; then "$@"; fi`, "x", []string{"reboot"}, []string{`'reboot'`}},
		{`unclosed '`, "x", []string{"reboot"}, nil},
	}
	for _, tt := range tests {
		got := ParamCommands(tt.text, tt.name, tt.params)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParamCommands(%q, %q, %q) = %q, want %q", tt.text, tt.name, tt.params, got, tt.want)
		}
	}
}
