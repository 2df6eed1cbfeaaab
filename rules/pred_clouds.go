package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// cloudPredicates are the $ conditions of the clouds and iac packs
// (programs/pack_clouds.go, pack_iac.go): what the command's path and
// options say beyond a glob. They read the command by its grammar.
func cloudPredicates() map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool {
	return map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool{
		// harmless-aws: an AWS operation named like a deletion that removes
		// a message, a tag, an alarm or a proposal, not data.
		"harmless-aws": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, _ := read(c)
			if len(p.Path) < 2 {
				return false
			}
			op := p.Path[1]
			switch op {
			case "delete-message", "delete-message-batch", "delete-tags", "delete-alarms", "delete-change-set":
				return true
			}
			return strings.HasSuffix(op, "-tagging") || strings.HasPrefix(op, "remove-tags") || strings.HasPrefix(op, "delete-tags")
		},
		// aws-help: aws … OP help, which prints the operation's help:
		// "help" is the only word after the operation (a value such as
		// --table-name help is not); for an operation whose options the
		// table lists, a "help" operand anywhere is help or an error
		// ("Unknown options: help"): nothing runs.
		"aws-help": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, words := read(c)
			n := len(words)
			if len(p.Path) > 0 && n >= 2 && words[n-1] == "help" && words[n-2] == p.Path[len(p.Path)-1] {
				return true
			}
			if p.Listed() {
				for _, i := range p.Operands {
					if words[i] == "help" {
						return true
					}
				}
			}
			return false
		},
		// gcloud-local: gcloud commands about the CLI itself (its
		// configurations, components, help), not cloud resources.
		"gcloud-local": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, words := read(c)
			for _, i := range p.Operands {
				switch words[i] {
				case "alpha", "beta", "preview":
					continue
				case "config", "components", "help", "topic":
					return true
				}
				return false
			}
			return false
		},
		// gcloud-operation: gcloud … operations delete, which deletes the
		// record of a long-running operation (pred_everyday.go).
		"gcloud-operation": gcloudOperationRecord,
		// az-harmless: az commands about the CLI itself (its cache, its
		// configuration, its extensions) or about tag names only.
		"az-harmless": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, words := read(c)
			if len(p.Operands) == 0 {
				return false
			}
			switch words[p.Operands[0]] {
			case "cache", "config", "extension", "help", "tag":
				return true
			}
			return false
		},
		// ansible-absent: the file module's arguments delete a path
		// (state=absent) that is not a temporary one.
		"ansible-absent": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, _ := read(c)
			a, ok := p.Get("args")
			if !ok {
				return false
			}
			absent, target := false, ""
			for _, kv := range strings.Fields(a) {
				k, v, _ := strings.Cut(kv, "=")
				v = strings.Trim(v, `"'`)
				switch k {
				case "state":
					absent = v == "absent"
				case "path", "dest", "name":
					target = v
				}
			}
			return absent && target != "" && !underTemp(target) && !inTemp(target)
		},
		// cloud-sql: the SQL an AWS data API runs (athena
		// start-query-execution --query-string, redshift-data and rds-data
		// execute-statement --sql) drops, truncates or deletes every row.
		"cloud-sql": func(c *parse.Command, ws []parse.Word, rest []int) bool {
			p, _ := read(c)
			sql, ok := p.Get("query-string", "sql")
			return ok && sqlDestructive(sql)
		},
	}
}
