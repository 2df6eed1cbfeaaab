package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// cloudDestroys is the generic rule the kubernetes pack refines (its
// entries are Over it): namespaces, volumes, nodes and --all deleted,
// apply --prune, helm uninstall.
func cloudDestroys(c *parse.Command) bool {
	w := args(c).words()
	has := func(s ...string) bool {
		for _, x := range s {
			if !contains(w, x) {
				return false
			}
		}
		return true
	}
	dry := false
	for _, x := range w {
		if strings.HasPrefix(x, "--dry-run") && x != "--dry-run=none" {
			dry = true
		}
	}
	s, rest := sub(c, "-n", "--namespace", "--context", "--kubeconfig", "-f")
	if n := c.Name(); n == "kubectl" || n == "helm" {
		// By their grammar: global options with values anywhere
		// (kubectl --request-timeout 5s delete, helm --kube-context x
		// uninstall).
		if g, ok := readSub(c); ok {
			s, rest = g.sub(0), g.operands()
			if len(g.Path) == 0 && len(rest) > 0 {
				rest = rest[1:] // a verb the table does not list
			}
		}
	}
	switch c.Name() {
	case "kubectl":
		if s == "apply" && has("--prune") && !dry {
			return true
		}
		if s != "delete" || dry {
			return false
		}
		if has("--all") || has("-A") || has("--all-namespaces") {
			return true
		}
		if len(rest) > 0 {
			kind := rest[0].Value
			return kind == "namespace" || kind == "ns" || kind == "namespaces" || strings.HasPrefix(kind, "namespace/") ||
				kind == "pv" || kind == "pvc" || kind == "persistentvolume" || kind == "persistentvolumeclaim" || kind == "node" || kind == "nodes" || kind == "crd"
		}
	case "helm":
		return s == "uninstall" || s == "delete" || s == "del" || s == "un"
	}
	return false
}

// destroyers lists programs with the subcommand words (the clouds, hosting,
// sync and database tools are in the packs of package programs) (any of them, in order of
// appearance) by which they destroy data. It is a list, not a map, so that
// nothing is built at start-up.
var destroyers = []destroyer{
	{"zpool", [][]string{{"destroy"}}},
	{"zfs", [][]string{{"destroy"}}},
	{"lvremove", [][]string{{}}},
	{"vgremove", [][]string{{}}},
	{"pvremove", [][]string{{}}},
	{"mdadm", [][]string{{"--zero-superblock"}}},
	{"dropdb", [][]string{{}}},
	{"mysqladmin", [][]string{{"drop"}}},
	{"rails", [][]string{{"db:drop"}, {"db:reset"}, {"db:schema:load"}, {"db:purge"}, {"db:migrate:reset"}}},
	{"rake", [][]string{{"db:drop"}, {"db:reset"}, {"db:purge"}}},
	{"manage.py", [][]string{{"flush"}, {"reset_db"}, {"sqlflush"}, {"migrate", "zero"}}},
	{"prisma", [][]string{{"migrate", "reset"}, {"db", "push", "--force-reset"}}},
	{"supabase", [][]string{{"db", "reset"}}},
	{"vagrant", [][]string{{"destroy"}}},
	{"virsh", [][]string{{"undefine"}, {"vol-delete"}, {"pool-delete"}}},
	{"lxc", [][]string{{"delete"}}},
	{"incus", [][]string{{"delete"}}},
	{"multipass", [][]string{{"delete"}, {"purge"}}},
	{"npm", [][]string{{"unpublish"}}},
	{"firebase", [][]string{{"projects:delete"}, {"database:remove"}, {"firestore:delete"}}},
	{"btrfs", [][]string{{"subvolume", "delete"}, {"su", "d"}, {"sub", "del"}, {"subvol", "delete"}}},
	{"alembic", [][]string{{"downgrade", "base"}}},
	{"mix", [][]string{{"ecto.drop"}, {"ecto.reset"}}},
	{"sequelize", [][]string{{"db:drop"}}},
	{"sequelize-cli", [][]string{{"db:drop"}}},
	{"flyway", [][]string{{"clean"}}},
	{"liquibase", [][]string{{"drop-all"}, {"dropAll"}}},
	{"pg_restore", [][]string{{"--clean"}, {"-c"}}},
	{"pg_dropcluster", [][]string{{}}},
	{"dropuser", [][]string{{}}},
	{"consul", [][]string{{"kv", "delete", "-recurse"}}},
	{"s3cmd", [][]string{{"del", "--recursive"}, {"rb", "--recursive"}}},
	{"mc", [][]string{{"rm", "--force"}, {"rb", "--force"}}},
	{"php", [][]string{{"artisan", "migrate:fresh"}, {"artisan", "db:wipe"}, {"artisan", "migrate:reset"},
		{"doctrine:schema:drop", "--force"}, {"doctrine:database:drop", "--force"}, {"doctrine:migrations:migrate", "first"}}},
	// Symfony's bin/console run as a program.
	{"console", [][]string{{"doctrine:schema:drop", "--force"}, {"doctrine:database:drop", "--force"}, {"doctrine:migrations:migrate", "first"}}},
	{"knex", [][]string{{"migrate:rollback", "--all"}}},
	{"flask", [][]string{{"db", "downgrade", "base"}}},
	{"typeorm", [][]string{{"schema:drop"}}},
	{"typeorm-ts-node-commonjs", [][]string{{"schema:drop"}}},
	{"typeorm-ts-node-esm", [][]string{{"schema:drop"}}},
	{"stripe", [][]string{{"delete"}}},
	{"dotnet", [][]string{{"ef", "database", "drop"}}},
	{"bfg", [][]string{{}}},
	{"VBoxManage", [][]string{{"unregistervm", "--delete"}}},
	{"vboxmanage", [][]string{{"unregistervm", "--delete"}}},
}

// A destroyer is a program and the subcommand words by which it destroys
// data (one list of words for each way; an empty list: any use).
type destroyer struct {
	name string
	pats [][]string
}

func destroyNames() []string {
	out := make([]string, 0, len(destroyers)+3)
	for _, d := range destroyers {
		out = append(out, d.name)
	}
	return append(out, "python", "python3", "bin/rails")
}

func destroysData(c *parse.Command) bool {
	name := c.Name()
	ws := args(c).words()
	if (name == "python" || name == "python3") && len(ws) > 0 && path.Base(ws[0]) == "manage.py" {
		name, ws = "manage.py", ws[1:]
	}
	var pats [][]string
	for _, d := range destroyers {
		if d.name == name {
			pats = d.pats
		}
	}
	for _, pat := range pats {
		if len(pat) == 0 {
			return true
		}
		i := 0
		for _, w := range ws {
			if i < len(pat) && w == pat[i] {
				i++
			}
		}
		if i == len(pat) {
			return true
		}
	}
	return false
}
