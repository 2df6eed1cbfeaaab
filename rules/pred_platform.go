package rules

import (
	"net/url"
	"strings"

	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/programs"
)

// The platform packs' predicates (containers, Kubernetes, databases,
// secrets, code hosting), the dry-run reading of pflag programs, and the
// programs that carry kubectl or helm as a subcommand (k3s kubectl).

// addPlatformPredicates adds the $conditions of the platform packs.
func addPlatformPredicates(m map[string]func(c *parse.Command, ws []parse.Word, rest []int) bool) {
	// k8s-destructive-kind: kubectl delete names a kind whose deletion
	// destroys data or takes a service down (namespace, volume, volume
	// claim, custom resource definition, node, deployment, stateful set,
	// daemon set, replica set, secret, all), in any of kubectl's
	// spellings: ns, namespaces.v1, ns/prod, deploy,svc, deployment.apps/web;
	// or kinds guardsh cannot read: computed by the line, or given by xargs.
	m["k8s-destructive-kind"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		if len(rest) == 0 && c.Outer != nil && c.Outer.Name() == "xargs" {
			return true // the kinds come from xargs's input (kubectl get ns -o name | xargs kubectl delete)
		}
		if len(rest) > 0 && !ws[rest[0]].Static {
			return true // kubectl delete $(kubectl get ns -o name): kinds the line computes
		}
		for n, i := range rest {
			v := ws[i].Value
			if n > 0 && !strings.Contains(v, "/") {
				continue // a name, not KIND/NAME
			}
			kinds, _, _ := strings.Cut(v, "/")
			for _, k := range strings.Split(kinds, ",") {
				k, _, _ = strings.Cut(strings.ToLower(k), ".")
				if k8sDestructiveKind(k) {
					return true
				}
			}
		}
		return false
	}
	// k8s-finalizers-removed: a patch that clears metadata.finalizers
	// (null, [], or a JSON patch "remove").
	m["k8s-finalizers-removed"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		for _, w := range ws {
			v := strings.ToLower(strings.Join(strings.Fields(w.Value), ""))
			i := strings.Index(v, "finalizers")
			if i < 0 {
				continue
			}
			after := v[i+len("finalizers"):]
			after = strings.TrimLeft(after, `"'`)
			if strings.HasPrefix(after, ":null") || strings.HasPrefix(after, ":[]") || strings.Contains(v, `"op":"remove"`) {
				return true
			}
		}
		return false
	}
	// k8s-api-delete: a URL of the Kubernetes API whose DELETE deletes a
	// namespace, a whole collection, a workload, a volume (claim) or a
	// secret: kubectl delete's destructive forms, without kubectl.
	m["k8s-api-delete"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		for _, w := range ws {
			if k8sAPIDestructive(w.Value) {
				return true
			}
		}
		return false
	}
	// keys-from-scan: redis-cli DEL given its keys by xargs from a
	// redis-cli --scan or KEYS of the same line.
	m["keys-from-scan"] = func(c *parse.Command, ws []parse.Word, rest []int) bool {
		for o := c.Outer; o != nil; o = o.Outer {
			if o.Name() != "xargs" {
				continue
			}
			for s := o.StdinFrom; s != nil; s = s.StdinFrom {
				switch s.Name() {
				case "redis-cli", "valkey-cli", "keydb-cli":
					for _, a := range s.Args[1:] {
						if a.Value == "--scan" || strings.EqualFold(a.Value, "keys") {
							return true
						}
					}
				}
			}
		}
		return false
	}
}

// k8sDestructiveKind reports the kinds (singular, plural and short
// names) whose deletion kubernetes-delete asks about. A switch, not a map:
// nothing is built at start-up.
func k8sDestructiveKind(k string) bool {
	switch k {
	case "namespace", "namespaces", "ns", "project", "projects",
		"persistentvolume", "persistentvolumes", "pv",
		"persistentvolumeclaim", "persistentvolumeclaims", "pvc",
		"customresourcedefinition", "customresourcedefinitions", "crd", "crds",
		"node", "nodes", "no",
		"deployment", "deployments", "deploy",
		"statefulset", "statefulsets", "sts",
		"daemonset", "daemonsets", "ds",
		"replicaset", "replicasets", "rs",
		"secret", "secrets", "all":
		return true
	}
	return false
}

// k8sAPIDestructive reports a Kubernetes API URL (/api/v1/… or
// /apis/GROUP/VERSION/…) that names a namespace, a collection, or one
// object of a kind k8sDestructiveKind names.
func k8sAPIDestructive(raw string) bool {
	i := strings.Index(raw, "/api/v1/")
	skip := len("/api/v1/")
	if i < 0 {
		if i = strings.Index(raw, "/apis/"); i < 0 {
			return false
		}
		// /apis/GROUP/VERSION/…
		rest := raw[i+len("/apis/"):]
		parts := strings.SplitN(rest, "/", 3)
		if len(parts) < 3 {
			return false
		}
		skip = len("/apis/") + len(parts[0]) + 1 + len(parts[1]) + 1
	}
	p := raw[i+skip:]
	if u, err := url.Parse("http://x/" + p); err == nil {
		p = strings.TrimPrefix(u.Path, "/")
	}
	seg := strings.Split(strings.Trim(p, "/"), "/")
	if len(seg) == 0 || seg[0] == "" {
		return false
	}
	if seg[0] == "namespaces" {
		switch len(seg) {
		case 1, 2:
			return true // every namespace, or one
		case 3:
			return true // a collection in a namespace: every pod, every claim
		default:
			return k8sDestructiveKind(strings.ToLower(seg[2]))
		}
	}
	// Cluster-scoped: /api/v1/persistentvolumes[/NAME], /api/v1/nodes…
	switch strings.ToLower(seg[0]) {
	case "persistentvolumes", "nodes", "customresourcedefinitions":
		return true
	}
	return false
}

// platformSimulates reads --dry-run and --help of the pflag programs by
// their grammar: the last --dry-run the program reads decides, not one
// that is another option's value (--cache-dir --dry-run=client), one after
// "--", or one a later --dry-run=none undoes. known is false for the
// programs it does not read, which keep the generic reading.
func platformSimulates(c *parse.Command) (sim, known bool) {
	switch c.Name() {
	case "kubectl", "oc", "k3s-kubectl", "kubecolor", "microk8s.kubectl", "helm", "helm3", "microk8s.helm", "microk8s.helm3",
		"kubeadm", "kind", "minikube", "k3d", "docker", "podman", "nerdctl", "docker-compose", "podman-compose":
	default:
		return false, false
	}
	if programs.Lookup(c.Name()) == nil {
		return false, false
	}
	p, _ := read(c)
	if p.Err != nil {
		return false, false
	}
	sim = false
	for _, o := range p.Opts {
		if o.Index+1 < len(c.Args) && !c.Args[o.Index+1].Static {
			continue // a value guardsh does not know
		}
		switch o.Key {
		case "help":
			if !o.HasValue || !falseWord(o.Value) {
				return true, true
			}
		case "dry-run":
			sim = !o.HasValue || dryRunValue(o.Value)
		}
	}
	return sim, true
}

// dryRunValue reports the values of kubectl's and helm's --dry-run that
// change nothing: client, server, and (older versions, or an error in
// newer ones) true.
func dryRunValue(v string) bool {
	switch v {
	case "client", "server", "unchanged", "true", "True", "TRUE", "t", "T", "1":
		return true
	}
	return false
}

// falseWord reports the values strconv.ParseBool reads as false.
func falseWord(v string) bool {
	switch v {
	case "0", "f", "F", "false", "FALSE", "False":
		return true
	}
	return false
}

// carried returns the program a carrier runs as its subcommand sub: k3s
// kubectl …, microk8s helm3 …, minikube kubectl -- ….
func carried(carrier, sub string) (string, bool) {
	switch carrier {
	case "k3s", "k0s", "rke2", "minikube":
		return "kubectl", sub == "kubectl"
	case "microk8s":
		switch sub {
		case "kubectl":
			return "kubectl", true
		case "helm", "helm3":
			return "helm", true
		}
	}
	return "", false
}

// carriedCommand returns k3s kubectl ARGS (and the like) as kubectl ARGS,
// so that every rule reads it as kubectl; ok is false for other commands.
func carriedCommand(c *parse.Command) (*parse.Command, bool) {
	switch c.Name() {
	case "k3s", "k0s", "rke2", "minikube", "microk8s":
	default:
		return c, false
	}
	if len(c.Args) < 2 {
		return c, false
	}
	at := 1
	if c.Name() == "minikube" {
		// minikube -p PROFILE kubectl -- ARGS
		for at < len(c.Args) && strings.HasPrefix(c.Args[at].Value, "-") {
			if v := c.Args[at].Value; (v == "-p" || v == "--profile") && at+1 < len(c.Args) {
				at++
			}
			at++
		}
	}
	if at >= len(c.Args) {
		return c, false
	}
	prog, ok := carried(c.Name(), c.Args[at].Value)
	if !ok {
		return c, false
	}
	rest := c.Args[at+1:]
	if len(rest) > 0 && rest[0].Value == "--" {
		rest = rest[1:]
	}
	cp := *c
	cp.Args = append([]parse.Word{{Value: prog, Static: true, Start: c.Args[0].Start, End: c.Args[at].End}}, rest...)
	return &cp, true
}
