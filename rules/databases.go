package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// sqlTexts returns the SQL a database client gets: -c, -e, --command,
// --execute, --query, positional SQL for sqlite3 and duckdb, and static
// standard input.
func sqlTexts(c *parse.Command) []string {
	var out []string
	if n := c.Name(); n == "psql" || n == "mysql" || n == "mariadb" {
		// By the client's grammar: --comm= and --exec= are the
		// abbreviations the clients take, -XAtc and -BNe bundles.
		if p := readLine(c); p != nil {
			if p.Err != nil {
				return nil // the client refuses the line: nothing runs
			}
			for _, o := range p.Opts {
				if (o.Key == "command" || o.Key == "execute") && o.HasValue {
					out = append(out, o.Value)
				}
			}
			return append(out, sqlInputs(c)...)
		}
	}
	ws := c.Args[1:]
	for i := 0; i < len(ws); i++ {
		v := ws[i].Value
		name, val, eq := strings.Cut(v, "=")
		switch name {
		case "-c", "-e", "--command", "--execute", "-Q", "-q", "--query", "--eval":
			if eq {
				out = append(out, val)
			} else if i+1 < len(ws) {
				out = append(out, ws[i+1].Value)
				i++
			}
			continue
		}
		if len(v) > 2 && (strings.HasPrefix(v, "-c") || strings.HasPrefix(v, "-e") && c.Name() != "psql") && !strings.HasPrefix(v, "--") {
			out = append(out, v[2:])
		}
	}
	if c.Name() == "sqlite3" || c.Name() == "duckdb" || c.Name() == "litecli" {
		ops := args(c, "-cmd", "-separator", "-nullvalue").operands
		for i := 1; i < len(ops); i++ {
			out = append(out, ops[i].Value)
		}
		// -cmd SQL runs before the rest (sqlite3 -cmd 'DROP TABLE t' db).
		for i, w := range ws {
			if (w.Value == "-cmd" || w.Value == "--cmd") && i+1 < len(ws) {
				out = append(out, ws[i+1].Value)
			}
		}
	}
	if c.Name() == "cockroach" || c.Name() == "bq" {
		for _, w := range args(c).operands {
			out = append(out, w.Value)
		}
	}
	return append(out, sqlInputs(c)...)
}

// sqlInputs returns the SQL a client reads from its standard input (when
// static) and from the files the line wrote that it names: psql -f x.sql,
// mysql -e 'source x.sql', sqlite3 db '.read x.sql'.
func sqlInputs(c *parse.Command) []string {
	var out []string
	if c.StdinStatic {
		out = append(out, c.StdinText)
	}
	for _, t := range c.Wrote {
		out = append(out, t)
	}
	return out
}

// sqlDestructive reports whether SQL text drops, truncates, or deletes without
// a WHERE clause.
func sqlDestructive(sql string) bool {
	for _, stmt := range strings.Split(sql, ";") {
		words := strings.Fields(strings.ToUpper(stripSQLComments(stmt)))
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "DROP", "TRUNCATE":
			return true
		case "DELETE":
			if !contains(words, "WHERE") {
				return true
			}
			// WHERE 1=1 and WHERE TRUE delete everything too.
			i := indexOf(words, "WHERE")
			if i+1 < len(words) && (words[i+1] == "1=1" || words[i+1] == "TRUE" || words[i+1] == "1") {
				return true
			}
		case "ALTER":
			if contains(words, "DROP") {
				return true
			}
		case "RESET":
			// RESET MASTER (RESET BINARY LOGS AND GTIDS): every binary
			// log, and with it point-in-time recovery and the replicas.
			if len(words) > 1 && (words[1] == "MASTER" || words[1] == "BINARY") {
				return true
			}
		}
	}
	return false
}

func stripSQLComments(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			s = s[:i]
			break
		}
		s = s[:i] + " " + s[i+2+j+2:]
	}
	var sb strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// datastoreFlushes reports commands given to a key-value or document
// store that delete every key or collection: FLUSHALL, FLUSHDB,
// dropDatabase(), drop() and dropCollection(), runCommand({drop: …}),
// deleteMany({}) and remove({}) with an empty filter. Spaces and quotes do
// not change what they mean, so they are ignored.
func datastoreFlushes(c *parse.Command) bool {
	text := strings.ToLower(strings.Join(args(c).words(), " ") + " " + c.StdinText)
	for _, t := range c.Wrote {
		// mongosh prod x.js, mongosh --file x.js of a file the line
		// wrote: the script runs.
		text += " " + strings.ToLower(t)
	}
	if strings.Contains(text, "flushall") || strings.Contains(text, "flushdb") || strings.Contains(text, "dropdatabase") {
		return true
	}
	squeezed := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '"', '\'':
			return -1
		}
		return r
	}, text)
	for _, s := range []string{".drop()", "dropcollection(", "deletemany({})", "remove({})", "runcommand({drop:", "deletemany({},", "remove({},"} {
		if strings.Contains(squeezed, s) {
			return true
		}
	}
	return false
}
