package programs

// Kubernetes and Helm: deleting namespaces, volumes, workloads and
// everything of a kind; deleting what a manifest describes; evicting a
// node; force-replacing; uninstalling releases; deleting whole clusters;
// the same deletions sent to the API server with curl.
//
// A --dry-run the program really reads (the last one, not one that is an
// option's value or after --) quiets them all (rules: simulates).
//
// Decisions: kubectl delete pod NAME stays quiet (a controller makes it
// again; it is how one restarts a stuck pod), and so do delete of a
// service, config map or job by name, kubectl cordon (nothing is
// evicted, uncordon undoes it), helm rollback and upgrade --reset-values
// (the release history keeps every revision: roll forward again). kubectl
// delete -f FILE and -k DIR ask: the manifest may hold namespaces and
// volume claims, and guardsh does not read it.
var packKubernetes = &Pack{Name: "kubernetes", Title: "Kubernetes and Helm", File: "programs/pack_kubernetes.go", Entries: []*Entry{
	{
		ID: "kubernetes-delete", Title: "Delete Kubernetes namespaces, volumes, workloads or every object of a kind",
		Reason:  "Deleting a namespace deletes everything in it; deleting a volume claim or volume can delete the disk; deleting a deployment, stateful set or daemon set takes the service down; --all, -A and --force delete more, or faster, than one object.",
		Suggest: "look first (kubectl get … -o wide), then kubectl delete … --dry-run=server",
		When: []string{"kubectl delete $k8s-destructive-kind", "kubectl delete --all", "kubectl delete --all-namespaces", "kubectl delete --raw",
			"kubectl delete --force", "kubectl delete --grace-period=0"},
		Over: []string{"cloud-destroy"},
		Match: []string{"kubectl delete namespace prod", "kubectl delete ns x", "kubectl delete ns/prod", "kubectl delete namespaces.v1 prod", "kubectl delete pods --all",
			"kubectl delete deploy -A --all", "kubectl delete pvc data-0", "kubectl delete pv my-volume", "kubectl delete persistentvolumeclaim data", "kubectl delete crd widgets.example.com",
			"kubectl delete node n1", "kubectl delete deployment web-api", "kubectl delete statefulset db", "kubectl delete sts/db", "kubectl delete deployment.apps/web",
			"kubectl delete deploy,svc web", "kubectl delete secret db-password", "kubectl delete all --all", "kubectl --context prod -n shop delete deployment web",
			"kubectl -n prod delete pod stuck --force --grace-period=0", "kubectl delete pod x --force", "kubectl delete --raw /api/v1/namespaces/prod",
			"KUBECONFIG=~/.kube/prod kubectl delete ns shop", "/usr/local/bin/kubectl delete ns shop", "oc delete project shop", "kubectl --warnings-as-errors delete namespace get",
			"kubectl delete ns prod --dry-run=client --dry-run=none", "kubectl delete ns prod --cache-dir --dry-run=client", "kubectl delete ns prod -- --dry-run=client",
			"kubecolor delete ns prod", "k3s kubectl delete ns prod", "microk8s kubectl delete ns prod", "kubectl delete $(kubectl get ns -o name)",
			"kubectl get ns -o name | xargs kubectl delete"},
		NoMatch: []string{"kubectl get ns", "kubectl delete pod web-1", "kubectl delete pod web-1 --dry-run=client", "kubectl delete svc web", "kubectl delete configmap settings",
			"kubectl delete job migrate-1", "kubectl delete ns prod --dry-run=server", "kubectl delete ns prod --dry-run", "kubectl describe ns prod", "kubectl get deployment web",
			"kubectl delete pod x --force=false", "kubectl logs deploy/web", "kubectl delete pod \"$POD\""},
	},
	{
		ID: "kubernetes-delete-manifest", Title: "Delete every object a manifest describes",
		Reason:  "kubectl delete -f FILE or -k DIR deletes whatever the manifest (or the manifest read from the input) describes: namespaces, volume claims and all.",
		Suggest: "see what it names first: kubectl delete -f FILE --dry-run=server",
		When:    []string{"kubectl delete --filename", "kubectl delete --kustomize"},
		Over:    []string{"cloud-destroy"},
		Match: []string{"kubectl delete -f app.yaml", "kubectl delete -f ./manifests/", "kubectl delete -R -f k8s/", "cat manifest.yaml | kubectl delete -f -",
			"kustomize build ./overlays/prod | kubectl delete -f -", "kubectl kustomize ./prod | kubectl delete -f -", "kubectl delete -k ./overlays/prod",
			"kubectl delete --kustomize=./overlays/prod", "kubectl delete --force -k./overlays/prod", "kubectl delete -f=-", "kubectl delete -f-",
			"kubectl delete --filename=-,other.yaml", "kubectl --context prod delete --filename=-", "kubectl delete -f - --dry-run=none"},
		NoMatch: []string{"kubectl apply -f app.yaml", "kubectl diff -f app.yaml", "kubectl delete -f app.yaml --dry-run=client", "kubectl delete -k ./prod --dry-run=server",
			"kustomize build ./prod | kubectl diff -f -", "kubectl get -f app.yaml", "kubectl delete -f - --dry-run false"},
	},
	{
		ID: "kubernetes-drain", Title: "Drain or evict a Kubernetes node",
		Reason:  "kubectl drain evicts every pod from the node (with --delete-emptydir-data, deleting their local data), and a NoExecute taint evicts every pod that does not tolerate it: services with one replica go down.",
		Suggest: "cordon it first (kubectl cordon), then drain with --dry-run=server",
		When:    []string{"kubectl drain", "kubectl taint @*:NoExecute"},
		Match: []string{"kubectl drain node1", "kubectl drain node1 --ignore-daemonsets --delete-emptydir-data", "kubectl --context prod drain node1", "oc adm drain node1",
			"kubectl taint nodes node-1 key=val:NoExecute", "kubectl taint node n1 dedicated:NoExecute --overwrite"},
		NoMatch: []string{"kubectl get nodes", "kubectl cordon node1", "kubectl drain node1 --dry-run=client", "kubectl taint nodes n1 key=val:NoSchedule",
			"kubectl taint nodes n1 key=val:NoExecute-", "kubectl uncordon node1"},
	},
	{
		ID: "kubernetes-replace-force", Title: "Force-replace Kubernetes objects",
		Reason: "replace --force, apply --force and helm upgrade --force delete the objects and create them again: pods restart, and a replaced volume claim loses its data.",
		When:   []string{"kubectl replace --force", "kubectl apply --force", "helm upgrade --force"},
		Match: []string{"kubectl replace --force -f deploy.yaml", "kubectl -n prod replace --force -f pvc.yaml", "kubectl apply -f deploy.yaml --force",
			"kubectl --context prod apply -f manifest.yaml --force", "helm upgrade web ./chart --force", "helm --kube-context prod upgrade --install web ./chart --force"},
		NoMatch: []string{"kubectl replace -f deploy.yaml", "kubectl replace --force --dry-run=client -f x.yaml", "kubectl apply -f x.yaml", "kubectl apply --server-side --force-conflicts -f x.yaml",
			"helm upgrade web ./chart", "helm upgrade web ./chart --reset-values"},
	},
	{
		ID: "kubernetes-apply-prune", Title: "Apply with --prune",
		Reason:  "kubectl apply --prune deletes every object of the selected kinds that the manifests no longer name: a wrong selector or directory deletes live objects.",
		When:    []string{"kubectl apply --prune"},
		Over:    []string{"cloud-destroy"},
		Match:   []string{"kubectl apply --prune -l app=web -f k8s/", "kubectl apply -f k8s/ --prune --all"},
		NoMatch: []string{"kubectl apply -f k8s/", "kubectl apply --prune --dry-run=server -l app=web -f k8s/"},
	},
	{
		ID: "kubernetes-scale-zero", Title: "Scale a workload to zero",
		Reason:  "Scaling to zero replicas stops every pod of the workload: the service is down until it is scaled up again.",
		When:    []string{"kubectl scale --replicas=0"},
		Match:   []string{"kubectl scale deployment web --replicas=0", "kubectl scale --replicas 0 deploy/web", "kubectl -n prod scale sts db --replicas=0"},
		NoMatch: []string{"kubectl scale deployment web --replicas=3", "kubectl scale deployment web --replicas=10", "kubectl get deploy web"},
	},
	{
		ID: "kubernetes-finalizers", Title: "Remove finalizers from Kubernetes objects",
		Reason: "Clearing an object's finalizers lets it be deleted without the clean-up they guard: volumes, load balancers and cloud resources are left behind, or deleted out from under a controller.",
		When:   []string{"kubectl patch $k8s-finalizers-removed"},
		Match: []string{`kubectl patch ns stuck -p '{"metadata":{"finalizers":null}}'`, `kubectl patch pvc data --type merge -p '{"metadata":{"finalizers":[]}}'`,
			`kubectl patch crd x --type=json -p='[{"op":"remove","path":"/metadata/finalizers"}]'`},
		NoMatch: []string{`kubectl patch deploy web -p '{"spec":{"replicas":2}}'`, `kubectl patch cm x -p '{"metadata":{"finalizers":["example.com/keep"]}}'`, "kubectl get ns stuck -o json"},
	},
	{
		ID: "kubernetes-helm-uninstall", Title: "Uninstall a Helm release",
		Reason:  "helm uninstall deletes every object of the release, and the volume claims its charts made can take the data with them.",
		Suggest: "look at what it would delete: helm uninstall … --dry-run, helm get manifest RELEASE",
		When:    []string{"helm uninstall|delete|del|un"},
		Over:    []string{"cloud-destroy"},
		Match:   []string{"helm uninstall web", "helm delete web", "helm --kube-context prod uninstall web", "helm -n prod un web --keep-history", "microk8s helm3 uninstall web"},
		NoMatch: []string{"helm list", "helm status web", "helm uninstall web --dry-run", "helm rollback web 1", "helm history web", "helm template ./chart"},
	},
	{
		ID: "kubernetes-cluster-delete", Title: "Delete a Kubernetes cluster",
		Reason: "Deleting a kind, minikube or k3d cluster, or resetting a kubeadm or microk8s node, deletes every workload and volume in it.",
		When:   []string{"kind delete cluster|clusters", "minikube delete", "k3d cluster delete|rm", "k3d node delete|rm", "kubeadm reset", "microk8s reset"},
		Match: []string{"kind delete cluster", "kind delete cluster --name prod", "kind delete clusters --all", "minikube delete", "minikube delete --all --purge",
			"minikube -p dev delete", "k3d cluster delete dev", "k3d cluster rm --all", "sudo kubeadm reset -f", "microk8s reset"},
		NoMatch: []string{"kind get clusters", "kind create cluster", "minikube start", "minikube status", "k3d cluster list", "kubeadm token list", "kubeadm reset --dry-run"},
	},
	{
		ID: "kubernetes-api-delete", Title: "DELETE sent to the Kubernetes API",
		Reason: "A DELETE to the API server's path of a namespace, a collection, a workload, a volume or a secret is kubectl delete without kubectl: it deletes the same things.",
		When:   []string{"curl --request=DELETE $k8s-api-delete", "wget --method=DELETE $k8s-api-delete", "http|https|xh DELETE $k8s-api-delete"},
		Match: []string{"curl -X DELETE https://k8s.internal/api/v1/namespaces/production", "curl -XDELETE https://k8s:6443/api/v1/namespaces/prod/pods",
			"curl -X DELETE https://k8s.internal/apis/apps/v1/namespaces/production/deployments/web", "curl --request=DELETE https://k8s/api/v1/namespaces/p/persistentvolumeclaims/data",
			"curl -k -H \"Authorization: Bearer $T\" -X DELETE https://10.0.0.1:6443/api/v1/persistentvolumes/pv-1", "http DELETE k8s:6443/api/v1/namespaces/prod"},
		NoMatch: []string{"curl -X DELETE https://k8s.internal/api/v1/namespaces/production/pods/web-0", "curl -X GET https://k8s.internal/api/v1/namespaces/production",
			"curl -X DELETE https://example.com/api/v1/widgets/42", "curl -X DELETE https://billing.internal/api/v1/invoices/2026-09",
			"curl https://k8s.internal/api/v1/namespaces/production/pods"},
	},
}}
