package config

import (
	"strings"

	"github.com/BurntSushi/toml"
)

// Sources returns, for each dotted key set in the configuration file text
// data (such as "approvals.mode"), the line that sets it. It is for
// showing where an effective value came from; data that does not parse
// gives an empty map.
func Sources(data []byte) map[string]int {
	var v map[string]any
	md, err := toml.Decode(string(data), &v)
	if err != nil {
		return map[string]int{}
	}
	out := map[string]int{}
	for _, k := range md.Keys() {
		if len(k) > 0 && k[0] == "allow" {
			continue
		}
		out[k.String()] = keyLine(data, []string(k))
	}
	for k := range out {
		// Keep leaves only: a table header is not a value.
		for other := range out {
			if strings.HasPrefix(other, k+".") {
				delete(out, k)
				break
			}
		}
	}
	return out
}
