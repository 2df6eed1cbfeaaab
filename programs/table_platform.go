package programs

// platformTable holds the grammars of the platform CLIs: containers,
// Kubernetes and Helm, code hosting, secret stores. Most are pflag/cobra
// programs (Cobra style: no abbreviation of long options, options
// anywhere after the subcommand, `-f=-` and `-f-` both give -f the value
// "-"); their subcommand trees are listed so that a pack's words name the
// subcommand path exactly (docker run … rm -f is not docker rm -f), and
// the options that take a value are listed so that operands read right.
// Unknown subcommands (plugins, verbs guardsh does not list) leave the rest
// of the line read as options and operands, and a pattern's words may then
// be found anywhere.
//
// Parsers, as checked against the tools (kubectl 1.32, docker 28, gpg
// 2.2.40): kubectl, helm, docker, podman, nerdctl, buildah, kind, minikube,
// k3d, kubeadm, gh, glab, doppler, infisical, op are cobra (pflag: exact
// long names, `--flag=false` switches a boolean off); docker compose v2 is
// cobra, podman-compose argparse (prefixes; read here as exact, see the
// report); pass is a shell script over util-linux getopt (GNU: `pass rm
// --rec` is --recursive); gpg is GnuPG's argparse (unambiguous prefixes of
// every long option: `gpg --delete-secret-k` is --delete-secret-keys, and
// `--delete-sec` is refused as ambiguous); sops and gopass are urfave/cli
// (exact names, read Loose).
var platformTable = []*Spec{
	// ── Kubernetes ───────────────────────────────────────────────────
	{Name: "kubectl", Style: Cobra, Opts: kubectlGlobal, Aliases: []string{"oc", "k3s-kubectl", "kubecolor", "microk8s.kubectl"},
		Subs: []*Spec{
			{Name: "rollout", Leaves: `restart undo status history pause resume`, LeafOpts: kubectlLocal},
			{Name: "config", Leaves: `view set-cluster set-context use-context set-credentials set unset delete-cluster delete-context
				delete-user get-contexts get-clusters get-users current-context rename-context`, LeafOpts: kubectlLocal},
		},
		Leaves: `delete drain replace apply scale taint patch cordon uncordon get describe logs create edit label annotate diff explain top
			version api-resources api-versions kustomize wait expose autoscale set certificate port-forward proxy cp attach auth exec run
			debug events plugin completion`, LeafOpts: kubectlLocal},
	{Name: "helm", Style: Cobra, Opts: `n/namespace= kube-context= kubeconfig= kube-apiserver= kube-as-user= kube-as-group= kube-ca-file=
		kube-tls-server-name= kube-token= kube-insecure-skip-tls-verify registry-config= repository-config= repository-cache= burst-limit= qps=
		debug content-cache=`, Aliases: []string{"helm3", "microk8s.helm", "microk8s.helm3"},
		Leaves: `uninstall delete del un upgrade install rollback list ls status history get show inspect template lint search repo pull push
			package dependency plugin test env version diff registry verify create`,
		LeafOpts: `dry-run=? keep-history wait wait-for-jobs timeout= f/values= set= set-string= set-file= set-json= set-literal= version=
			force reset-values reuse-values reset-then-reuse-values description= cascade= o/output= i/install atomic cleanup-on-fail
			create-namespace post-renderer= post-renderer-args= history-max= ignore-not-found no-hooks a/all-namespaces q/short
			repo= username= password= ca-file= cert-file= key-file=`},
	{Name: "kind", Style: Cobra, Opts: `q/quiet v/verbosity=`, Subs: []*Spec{
		{Name: "delete", Leaves: `cluster clusters`, LeafOpts: `n/name= kubeconfig= A/all`},
		{Name: "create", Leaves: `cluster`, LeafOpts: `n/name= config= image= kubeconfig= wait= retain`},
		{Name: "get", Leaves: `clusters nodes kubeconfig`, LeafOpts: `n/name= internal`},
		{Name: "load", Leaves: `docker-image image-archive`, LeafOpts: `n/name= nodes=`},
		{Name: "export", Leaves: `logs kubeconfig`, LeafOpts: `n/name= kubeconfig= internal`},
	}},
	{Name: "minikube", Style: Cobra, Opts: `p/profile= alsologtostderr logtostderr v=`,
		Leaves: `delete start stop status pause unpause dashboard addons config ip ssh service tunnel mount image node profile logs update-context
			docker-env podman-env cache cp version`, LeafOpts: `all purge n/node= driver= cpus= memory= kubernetes-version= o/output=`},
	{Name: "k3d", Style: Cobra, Opts: `verbose trace timestamps`, Subs: []*Spec{
		{Name: "cluster", Aliases: []string{"clusters", "c"}, Leaves: `delete rm create list ls get start stop edit`, LeafOpts: `a/all c/config= servers= agents= image= o/output= wait`},
		{Name: "node", Aliases: []string{"nodes"}, Leaves: `delete rm create list ls get start stop edit`, LeafOpts: `a/all c/cluster= role= image= o/output=`},
		{Name: "registry", Aliases: []string{"registries", "reg"}, Leaves: `delete rm create list ls`, LeafOpts: `a/all`},
	}},
	{Name: "kubeadm", Style: Cobra, Opts: `kubeconfig= rootfs= v=`, Leaves: `reset init join upgrade token config certs kubeconfig version alpha completion`,
		LeafOpts: `f/force dry-run cri-socket= config= ignore-preflight-errors= cleanup-tmp-dir skip-phases=`},
	{Name: "kustomize", Style: Cobra, Leaves: `build create edit fn cfg localize version completion`, LeafOpts: `o/output= load-restrictor= enable-helm`},

	// ── containers ───────────────────────────────────────────────────
	{Name: "docker", Style: Cobra, Opts: `H/host= c/context= config= l/log-level= D/debug tls tlscacert= tlscert= tlskey= tlsverify
		connection= url= identity= root= runroot= storage-driver= storage-opt= cgroup-manager= r/remote namespace= n= address= a= data-root=`,
		Aliases: []string{"podman", "nerdctl", "docker.exe", "podman.exe"},
		Subs: []*Spec{
			// The command after the image is the container's: no docker options there.
			{Name: "run", Style: POSIX}, {Name: "create", Style: POSIX}, {Name: "exec", Style: POSIX},
			{Name: "container", Leaves: `rm remove prune stop kill restart ls list ps inspect logs start wait cp commit export rename update`,
				LeafOpts: dockerLocal, Subs: []*Spec{{Name: "run", Style: POSIX}, {Name: "create", Style: POSIX}, {Name: "exec", Style: POSIX}}},
			{Name: "image", Leaves: `rm remove prune ls list inspect build pull push tag save load history import untag`, LeafOpts: dockerLocal},
			{Name: "volume", Leaves: `rm remove prune ls list create inspect export import reload mount unmount exists`, LeafOpts: dockerLocal},
			{Name: "network", Leaves: `rm remove prune ls list create inspect connect disconnect reload exists`, LeafOpts: dockerLocal},
			{Name: "system", Leaves: `prune df info events dial-stdio reset migrate renumber connection service check`, LeafOpts: dockerLocal},
			{Name: "builder", Leaves: `prune build ls`, LeafOpts: dockerLocal},
			{Name: "buildx", Leaves: `prune build ls rm stop bake du create inspect use imagetools history version`, LeafOpts: dockerLocal},
			{Name: "context", Leaves: `rm remove ls list create use inspect update export import show`, LeafOpts: dockerLocal},
			{Name: "stack", Leaves: `rm remove down deploy up ls list ps services config`, LeafOpts: dockerLocal},
			{Name: "service", Leaves: `rm remove ls list create update scale inspect logs ps rollback`, LeafOpts: dockerLocal},
			{Name: "swarm", Leaves: `leave init join update unlock ca join-token unlock-key`, LeafOpts: dockerLocal},
			{Name: "node", Leaves: `rm remove ls list ps update inspect promote demote`, LeafOpts: dockerLocal},
			{Name: "secret", Leaves: `rm remove ls list create inspect exists`, LeafOpts: dockerLocal},
			{Name: "config", Leaves: `rm remove ls list create inspect`, LeafOpts: dockerLocal},
			{Name: "machine", Leaves: `rm remove init start stop ls list inspect ssh set os reset info`, LeafOpts: dockerLocal},
			{Name: "pod", Leaves: `rm remove prune create start stop kill ps ls list inspect logs restart top stats clone exists`, LeafOpts: dockerLocal},
			{Name: "compose", Opts: composeGlobal, Leaves: composeVerbs, LeafOpts: composeLocal,
				Subs: []*Spec{{Name: "run", Style: POSIX}, {Name: "exec", Style: POSIX}}},
		},
		Leaves: `rm rmi stop kill restart start ps images logs inspect build pull push tag login logout cp stats top pause unpause wait port
			rename update commit save load export import history info version events diff attach search`, LeafOpts: dockerLocal},
	{Name: "docker-compose", Style: Cobra, Opts: composeGlobal, Aliases: []string{"podman-compose"}, Leaves: composeVerbs, LeafOpts: composeLocal,
		Subs: []*Spec{{Name: "run", Style: POSIX}, {Name: "exec", Style: POSIX}}},
	{Name: "buildah", Style: Cobra, Opts: `root= runroot= storage-driver= storage-opt= log-level= registries-conf=`,
		Leaves:   `rm rmi prune from run commit bud build images containers config copy add inspect mount umount push pull tag login logout`,
		LeafOpts: `a/all f/force p/prune`},

	// ── code hosting ─────────────────────────────────────────────────
	{Name: "gh", Style: Cobra, Opts: `R/repo= hostname=`, Subs: []*Spec{
		{Name: "api", Opts: `X/method= H/header= f/raw-field= F/field= input= q/jq= t/template= p/preview= paginate slurp i/include silent cache= hostname= verbose`},
		{Name: "repo", Leaves: `delete archive unarchive edit view list clone create fork rename sync set-default deploy-key gitignore license autolink`, LeafOpts: ghLocal,
			Subs: []*Spec{{Name: "deploy-key", Leaves: `delete add list`, LeafOpts: ghLocal}, {Name: "autolink", Leaves: `delete create list view`, LeafOpts: ghLocal}}},
		{Name: "release", Leaves: `delete delete-asset create edit list view download upload verify verify-asset`, LeafOpts: ghLocal},
		{Name: "gist", Leaves: `delete create edit list view clone rename`, LeafOpts: ghLocal},
		{Name: "run", Leaves: `delete cancel rerun list view watch download`, LeafOpts: ghLocal},
		{Name: "label", Leaves: `delete create edit list clone`, LeafOpts: ghLocal},
		{Name: "secret", Leaves: `delete remove set list`, LeafOpts: ghLocal},
		{Name: "variable", Leaves: `delete remove set list get`, LeafOpts: ghLocal},
		{Name: "ssh-key", Leaves: `delete add list`, LeafOpts: ghLocal},
		{Name: "gpg-key", Leaves: `delete add list`, LeafOpts: ghLocal},
		{Name: "issue", Leaves: `delete close comment create develop edit list lock pin reopen status transfer unlock unpin view`, LeafOpts: ghLocal},
		{Name: "pr", Leaves: `checkout checks close comment create diff edit list lock merge ready reopen review status unlock update-branch view`, LeafOpts: ghLocal},
		{Name: "project", Leaves: `delete close copy create edit field-create field-delete field-list item-add item-archive item-create item-delete
			item-edit item-list link list mark-template unlink view`, LeafOpts: ghLocal},
		{Name: "ruleset", Leaves: `delete check list view`, LeafOpts: ghLocal},
		{Name: "codespace", Aliases: []string{"cs"}, Leaves: `delete code cp create edit jupyter list logs ports rebuild ssh stop view`, LeafOpts: ghLocal},
		{Name: "cache", Leaves: `delete list`, LeafOpts: ghLocal},
		{Name: "workflow", Leaves: `disable enable list run view`, LeafOpts: ghLocal},
		{Name: "extension", Aliases: []string{"ext", "extensions"}, Leaves: `browse create exec install list remove search upgrade`, LeafOpts: ghLocal},
		{Name: "auth", Leaves: `login logout refresh setup-git status switch token`, LeafOpts: ghLocal},
		{Name: "environment", Leaves: `delete list`, LeafOpts: ghLocal},
	}},
	{Name: "glab", Style: Cobra, Opts: `R/repo=`, Subs: []*Spec{
		{Name: "api", Opts: `X/method= H/header= f/raw-field= F/field= input= paginate i/include silent hostname=`},
		{Name: "repo", Aliases: []string{"project"}, Leaves: `delete archive clone create fork list view transfer update mirror contributors search`, LeafOpts: glabLocal},
		{Name: "release", Leaves: `delete create list view download upload`, LeafOpts: glabLocal},
		{Name: "mr", Leaves: `delete approve checkout close create diff list merge note rebase reopen revoke update view`, LeafOpts: glabLocal},
		{Name: "issue", Leaves: `delete close create list note reopen subscribe update view board`, LeafOpts: glabLocal},
		{Name: "label", Leaves: `delete create list`, LeafOpts: glabLocal},
		{Name: "snippet", Leaves: `delete create list view`, LeafOpts: glabLocal},
		{Name: "schedule", Leaves: `delete create list run`, LeafOpts: glabLocal},
		{Name: "variable", Aliases: []string{"var"}, Leaves: `delete remove set list get update export`, LeafOpts: glabLocal},
		{Name: "deploy-key", Leaves: `delete add list get`, LeafOpts: glabLocal},
		{Name: "ssh-key", Leaves: `delete add list get`, LeafOpts: glabLocal},
		{Name: "ci", Aliases: []string{"pipe", "pipeline"}, Leaves: `delete cancel retry run list view status trace lint get artifact`, LeafOpts: glabLocal},
	}},
	{Name: "hub", Style: Loose, Opts: `C=`},

	// ── databases and caches ─────────────────────────────────────────
	// psql: getopt_long (PostgreSQL 15's psql --help, all of it): psql
	// --comm='DROP …' is --command, -XAtc 'DROP …' is -c.
	{Name: "psql", Style: GNU, Opts: `a/echo-all A/no-align c/command= d/dbname= e/echo-queries b/echo-errors E/echo-hidden f/file= F/field-separator=
		h/host= H/html l/list L/log-file= n/no-readline 1/single-transaction o/output= p/port= P/pset= q/quiet R/record-separator= s/single-step
		S/single-line t/tuples-only T/table-attr= U/username= v/set/variable= V/version w/no-password W/password x/expanded X/no-psqlrc ?/help=?
		csv z/field-separator-zero 0/record-separator-zero`},
	// mysql and mariadb: table_runners.go (my_getopt: --exec= is
	// --execute, -BNe bundles).
	// redis-cli reads its own options until the first word that is not
	// one: that is the command (redis-cli -h prod shutdown).
	{Name: "redis-cli", Style: POSIX, Partial: true, Aliases: []string{"valkey-cli", "keydb-cli"}, Opts: `h= p= s= a= user= pass= askpass u= r= i= n= 2 3 x X=
		d= D= c e raw no-raw quoted-input csv json quoted-json show-pushes= stat latency latency-history latency-dist lru-test= replica rdb=
		functions-rdb= pipe pipe-timeout= bigkeys memkeys memkeys-samples= keystats keystats-samples= hotkeys scan pattern= count= quoted-pattern=
		intrinsic-latency= eval= ldb ldb-sync-mode cluster= verbose no-auth-warning tls sni= cacert= cacertdir= insecure tls-ciphers=
		tls-ciphersuites= cert= key= help version`},

	// ── secret stores ────────────────────────────────────────────────
	{Name: "op", Style: Cobra, Opts: `account= vault= config= session= format= archive encoding= iso-timestamps cache`},
	{Name: "doppler", Style: Cobra, Opts: `p/project= c/config= token= scope= configuration= y/yes`},
	{Name: "infisical", Style: Cobra, Opts: `domain= token= env= path= projectId= type= silent`},
	{Name: "bw", Style: Loose, Opts: `session= organizationid= permanent`},
	{Name: "gopass", Style: Loose, Opts: `r/recursive f/force`},
	{Name: "sops", Style: Loose, Opts: `d/decrypt e/encrypt i/in-place output= output-type= input-type= config= k/kms= p/pgp= age= extract= r/rotate`},
	// pass: a shell script; `pass rm` reads its options with getopt(1).
	{Name: "pass", Style: GNU, Subs: []*Spec{
		{Name: "rm", Aliases: []string{"remove", "delete"}, Opts: `r/recursive f/force`},
		{Name: "mv", Aliases: []string{"rename"}, Opts: `f/force`}, {Name: "cp", Aliases: []string{"copy"}, Opts: `f/force`},
		{Name: "insert", Aliases: []string{"add"}, Opts: `e/echo m/multiline f/force`},
		{Name: "generate", Opts: `n/no-symbols c/clip i/in-place f/force q/qrcode`},
		{Name: "show", Aliases: []string{"ls", "list"}, Opts: `c/clip=? q/qrcode=?`},
		{Name: "init", Opts: `p/path=`}, {Name: "git"}, {Name: "edit"}, {Name: "grep"}, {Name: "find", Aliases: []string{"search"}},
	}},
	// gpg: GnuPG's argparse; every long option (gpg --dump-options), so
	// that prefixes resolve as gpg resolves them.
	{Name: "gpg", Style: GNU, Aliases: []string{"gpg2"}, Opts: gpgOpts, Writes: []Write{{Opt: "output"}}},
}

const kubectlGlobal = `n/namespace= context= cluster= kubeconfig= s/server= user= token= as= as-group= as-uid= as-user-extra= request-timeout=
	v= vmodule= cache-dir= certificate-authority= client-certificate= client-key= tls-server-name= kuberc= password= username= profile=
	profile-output= insecure-skip-tls-verify=? disable-compression match-server-version warnings-as-errors log-flush-frequency= proxy-url=`

const kubectlLocal = `f/filename= k/kustomize= R/recursive l/selector= o/output= A/all-namespaces all grace-period= timeout= field-selector=
	dry-run=? force replicas= current-replicas= resource-version= p/patch= patch-file= type= raw= now wait=? cascade=? ignore-not-found=?
	i/interactive prune prune-allowlist= prune-whitelist= server-side force-conflicts field-manager= delete-emptydir-data ignore-daemonsets
	disable-eviction pod-selector= skip-wait-for-delete-timeout= chunk-size= template= c/container= overwrite to-revision= show-labels
	L/label-columns= sort-by= w/watch`

const dockerLocal = `f/force a/all v/volumes t/time= s/signal= filter= format= q/quiet no-prune l/link external until=
	timeout= reserved-space= max-used-space= min-free-space= keep-storage= builder=`

const composeGlobal = `f/file= p/project-name= project-directory= env-file= profile= ansi= parallel= progress= dry-run compatibility all-resources`

const composeVerbs = `down rm stop kill restart up start ps logs build pull push config ls create events images pause unpause port top version
	wait watch cp scale attach stats commit export alpha publish volumes`

const composeLocal = `rmi= t/timeout= f/force s/stop v/volumes remove-orphans signal= d/detach build no-deps`

const ghLocal = `b/body= F/body-file= t/title= m/message= visibility= y/yes confirm accept-visibility-change-consequences e/env= o/org= u/user=
	a/app= L/limit= label= s/state= json= q/jq= template= w/web c/cleanup-tag all`

const glabLocal = `d/description= t/title= m/message= y/yes l/label= g/group= s/scope= o/output= F/output-format= a/all`

// gpgOpts lists every option of gpg 2.2.40 (gpg --dump-options), those
// taking a value marked.
const gpgOpts = `
	s/sign clear-sign clearsign b/detach-sign e/encrypt encrypt-files c/symmetric store d/decrypt decrypt-files verify
	verify-files k/list-keys list-public-keys list-signatures list-sigs check-signatures check-sigs fingerprint
	K/list-secret-keys generate-key gen-key quick-generate-key quick-gen-key quick-add-uid quick-adduid quick-add-key
	quick-addkey quick-revoke-uid quick-revuid quick-set-expire quick-set-primary-uid full-generate-key full-gen-key
	generate-revocation gen-revoke delete-keys delete-secret-keys quick-sign-key quick-lsign-key quick-revoke-sig sign-key
	lsign-key edit-key key-edit change-passphrase passwd generate-designated-revocation desig-revoke export send-keys
	receive-keys recv-keys search-keys refresh-keys locate-keys locate-external-keys fetch-keys show-keys export-secret-keys
	export-secret-subkeys export-ssh-key import fast-import card-status edit-card card-edit change-pin list-config
	list-gcrypt-config gpgconf-list gpgconf-test list-packets export-ownertrust import-ownertrust update-trustdb
	check-trustdb fix-trustdb list-trustdb dearmor/dearmour enarmor/enarmour print-md print-mds gen-prime gen-random server
	tofu-policy= delete-secret-and-public-keys rebuild-keydb-caches list-key list-sig check-sig show-key Monitor v/verbose
	no-verbose q/quiet no-tty no-greeting debug= debug-level= debug-all debug-iolbf display-charset charset options
	no-options logger-fd= log-file logger-file= debug-quick-random Configuration homedir= faked-system-time= default-key=
	encrypt-to= no-encrypt-to hidden-encrypt-to= encrypt-to-default-key default-recipient= default-recipient-self
	no-default-recipient group= ungroup no-groups compliance= gnupg no-pgp2 no-pgp6 no-pgp7 no-pgp8 rfc2440 rfc4880
	rfc4880bis openpgp pgp6 pgp7 pgp8 default-new-key-algo= min-rsa-length always-trust trust-model= photo-viewer=
	known-notation= agent-program= dirmngr-program= exit-on-status-write-error limit-card-insert-tries
	enable-progress-filter temp-directory exec-path= expert no-expert no-secmem-warning require-secmem no-require-secmem
	no-permission-warning n/dry-run i/interactive default-sig-expire= ask-sig-expire no-ask-sig-expire default-cert-expire=
	ask-cert-expire no-ask-cert-expire default-cert-level= min-cert-level= ask-cert-level= no-ask-cert-level
	only-sign-text-ids enable-large-rsa disable-large-rsa enable-dsa2 disable-dsa2 personal-cipher-preferences=
	personal-digest-preferences= personal-compress-preferences= default-preference-list= default-keyserver-url
	no-expensive-trust-checks allow-non-selfsigned-uid no-allow-non-selfsigned-uid allow-freeform-uid no-allow-freeform-uid
	preserve-permissions default-cert-check-level tofu-default-policy= lock-once lock-multiple lock-never compress-algo=
	compression-algo bzip2-decompress-lowmem completes-needed= marginals-needed= max-cert-depth= trustdb-name=
	auto-check-trustdb no-auto-check-trustdb force-ownertrust Input multifile input-size-hint= utf8-strings no-utf8-strings
	set-filesize no-literal set-notation= sig-notation= cert-notation= set-policy-url= sig-policy-url= cert-policy-url=
	sig-keyserver-url= Output a/armor armour no-armor no-armour o/output= max-output= comment= default-comment no-comments
	emit-version no-emit-version no-version not-dash-escaped escape-from-lines no-escape-from-lines mimemode t/textmode
	no-textmode set-filename= for-your-eyes-only no-for-your-eyes-only show-notation no-show-notation show-session-key
	use-embedded-filename no-use-embedded-filename unwrap mangle-dos-filenames no-mangle-dos-filenames no-symkey-cache
	skip-verify list-only compress-level= bzip2-compress-level= disable-signer-uid ImportExport auto-key-locate=
	no-auto-key-locate auto-key-import no-auto-key-import auto-key-retrieve no-auto-key-retrieve include-key-block
	no-include-key-block disable-dirmngr keyserver= keyserver-options= key-origin= import-options= import-filter=
	export-options= export-filter= merge-only allow-secret-key-import Keylist list-options= show-photos no-show-photos
	show-policy-url no-show-policy-url with-colons with-tofu-info with-key-data with-sig-list with-sig-check
	with-fingerprint with-subkey-fingerprint with-subkey-fingerprints with-icao-spelling with-keygrip with-secret
	with-wkd-hash with-key-origin fast-list-mode fixed-list-mode legacy-list-mode print-pka-records print-dane-records
	keyid-format= show-keyring r/recipient= hidden-recipient= recipient-file hidden-recipient-file remote-user throw-keyids
	no-throw-keyids u/local-user= trusted-key= sender= try-secret-key= try-all-secrets no-default-keyring no-keyring
	keyring= primary-keyring= secret-keyring= skip-hidden-recipients no-skip-hidden-recipients override-session-key=
	override-session-key-fd= Security s2k-mode= s2k-digest-algo= s2k-cipher-algo= s2k-count= require-backsigs
	require-cross-certification no-require-backsigs no-require-cross-certification verify-options= enable-special-filenames
	no-random-seed-file no-sig-cache ignore-time-conflict ignore-valid-from ignore-crc-error ignore-mdc-error
	disable-cipher-algo disable-pubkey-algo cipher-algo= digest-algo= cert-digest-algo= override-compliance-check
	allow-weak-key-signatures allow-weak-digest-algos weak-digest= allow-multisig-verification allow-multiple-messages
	no-allow-multiple-messages batch no-batch yes no status-fd= status-file= attribute-fd= attribute-file command-fd=
	command-file= passphrase= passphrase-fd= passphrase-file= passphrase-repeat pinentry-mode= force-sign-key
	request-origin= display= ttyname= ttytype= lc-ctype= lc-messages= xauthority= no-autostart forbid-gen-key
	require-compliance use-only-openpgp-card rfc2440-text no-rfc2440-text personal-cipher-prefs personal-digest-prefs
	personal-compress-prefs sign-with user use-agent no-use-agent gpg-agent-info reader-port ctapi-driver pcsc-driver
	disable-ccid honor-http-proxy tofu-db-format sk-comments no-sk-comments compress-keys compress-sigs force-v3-sigs
	no-force-v3-sigs force-v4-certs no-force-v4-certs no-mdc-warning force-mdc no-force-mdc disable-mdc no-disable-mdc
	h/help version warranty dump-option-table dump-options z=
`
