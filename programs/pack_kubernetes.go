package programs

// Kubernetes beyond kubectl delete: evicting a node, uninstalling.
var packKubernetes = &Pack{Name: "kubernetes", Title: "Kubernetes and Helm", File: "programs/pack_kubernetes.go", Entries: []*Entry{
	{
		ID: "kubernetes-drain", Title: "Drain a Kubernetes node",
		Reason:  "kubectl drain evicts every pod from the node (with --delete-emptydir-data, deleting their local data); services with one replica go down.",
		When:    []string{"kubectl drain !--dry-run=*"},
		Match:   []string{"kubectl drain node1", "kubectl drain node1 --ignore-daemonsets --delete-emptydir-data", "kubectl --context prod drain node1"},
		NoMatch: []string{"kubectl get nodes", "kubectl cordon node1", "kubectl drain node1 --dry-run=client"},
	},
	{
		ID: "kubernetes-replace-force", Title: "Force-replace Kubernetes objects",
		Reason:  "replace --force deletes the objects and creates them again: pods restart, and a replaced volume claim loses its data.",
		When:    []string{"kubectl replace --force !--dry-run=*"},
		Match:   []string{"kubectl replace --force -f deploy.yaml", "kubectl -n prod replace --force -f pvc.yaml"},
		NoMatch: []string{"kubectl replace -f deploy.yaml", "kubectl replace --force --dry-run=client -f x.yaml"},
	},
}}
