package rules

import (
	"path"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

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
	s, rest := sub(c, "-n", "--namespace", "--context", "--kubeconfig", "-f", "--profile", "--region", "--project", "-chdir")
	if n := c.Name(); n == "kubectl" || n == "helm" {
		// By their grammar: global options with values anywhere
		// (kubectl --request-timeout 5s delete, helm --kube-context x
		// uninstall).
		if g, ok := readSub(c); ok {
			s, rest = g.sub(0), nil
			if ops := g.operands(); len(ops) > 0 {
				rest = ops[1:]
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
	case "terraform", "tofu", "terragrunt":
		return s == "destroy" || s == "apply" && (has("-auto-approve") || has("--auto-approve") || has("-destroy"))
	case "pulumi":
		return s == "destroy" || s == "up" && (has("-y") || has("--yes"))
	case "aws":
		if s == "s3" && len(rest) > 0 {
			return rest[0].Value == "rm" && (has("--recursive")) || rest[0].Value == "rb" && has("--force")
		}
		for _, x := range w {
			if (strings.HasPrefix(x, "delete-") || strings.HasPrefix(x, "terminate-") || x == "schedule-key-deletion") && x != "delete-message" && x != "delete-message-batch" {
				return true
			}
		}
	case "gcloud", "az", "doctl", "eksctl":
		if s == "storage" && len(rest) > 0 && rest[0].Value == "rm" && (has("-r") || has("--recursive")) {
			return true
		}
		return contains(w, "delete") || contains(w, "destroy")
	case "gsutil":
		// By gsutil's grammar: -o and -h take a value before the verb.
		g, ok := readSub(c)
		return ok && (g.sub(0) == "rm" && g.Has("r", "R", "a") || g.sub(0) == "rb")
	}
	return false
}

// destroyers maps programs to the subcommand words (the clouds, hosting,
// sync and database tools are in the packs of package programs) (any of them, in order of
// appearance) by which they destroy data.
var destroyers = map[string][][]string{
	"zpool":          {{"destroy"}},
	"zfs":            {{"destroy"}},
	"lvremove":       {{}},
	"vgremove":       {{}},
	"pvremove":       {{}},
	"mdadm":          {{"--zero-superblock"}},
	"dropdb":         {{}},
	"mysqladmin":     {{"drop"}},
	"rails":          {{"db:drop"}, {"db:reset"}, {"db:schema:load"}, {"db:purge"}, {"db:migrate:reset"}},
	"rake":           {{"db:drop"}, {"db:reset"}, {"db:purge"}},
	"manage.py":      {{"flush"}, {"reset_db"}, {"sqlflush"}, {"migrate", "zero"}},
	"prisma":         {{"migrate", "reset"}, {"db", "push", "--force-reset"}},
	"supabase":       {{"db", "reset"}},
	"cdk":            {{"destroy"}},
	"vagrant":        {{"destroy"}},
	"virsh":          {{"undefine"}, {"vol-delete"}, {"pool-delete"}},
	"lxc":            {{"delete"}},
	"incus":          {{"delete"}},
	"multipass":      {{"delete"}, {"purge"}},
	"npm":            {{"unpublish"}},
	"firebase":       {{"projects:delete"}, {"database:remove"}, {"firestore:delete"}},
	"vercel":         {{"remove"}, {"rm"}},
	"sam":            {{"delete"}},
	"serverless":     {{"remove"}},
	"sls":            {{"remove"}},
	"btrfs":          {{"subvolume", "delete"}, {"su", "d"}, {"sub", "del"}, {"subvol", "delete"}},
	"alembic":        {{"downgrade", "base"}},
	"mix":            {{"ecto.drop"}, {"ecto.reset"}},
	"sequelize":      {{"db:drop"}},
	"sequelize-cli":  {{"db:drop"}},
	"flyway":         {{"clean"}},
	"liquibase":      {{"drop-all"}, {"dropAll"}},
	"pg_restore":     {{"--clean"}, {"-c"}},
	"pg_dropcluster": {{}},
	"dropuser":       {{}},
	"consul":         {{"kv", "delete", "-recurse"}},
	"s3cmd":          {{"del", "--recursive"}, {"rb", "--recursive"}},
	"mc":             {{"rm", "--force"}, {"rb", "--force"}},
	"php":            {{"artisan", "migrate:fresh"}, {"artisan", "db:wipe"}, {"artisan", "migrate:reset"}},
	"dotnet":         {{"ef", "database", "drop"}},
	"bfg":            {{}},
	"VBoxManage":     {{"unregistervm", "--delete"}},
	"vboxmanage":     {{"unregistervm", "--delete"}},
}

func destroyNames() []string {
	var out []string
	for n := range destroyers {
		out = append(out, n)
	}
	return append(out, "python", "python3", "bin/rails")
}

func destroysData(c *parse.Command) bool {
	name := c.Name()
	ws := args(c).words()
	if (name == "python" || name == "python3") && len(ws) > 0 && path.Base(ws[0]) == "manage.py" {
		name, ws = "manage.py", ws[1:]
	}
	pats, ok := destroyers[name]
	if !ok {
		return false
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
