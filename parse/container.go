package parse

import (
	"path"
	"strings"
)

// A mount is a host directory seen inside a container: what the container
// does under Target it does to Source on the host.
type mount struct {
	Source string // the host path, as the rules read paths (~, /, ./x)
	Target string // the path inside the container
	Static bool   // Source is exactly known
}

// containerOpts are the options of docker, podman and nerdctl run and
// create (and compose run) that take a value; every other option is a flag.
// The first word that is not an option is the image (the service for
// compose), and the words after it are the container's command.
const containerOptsList = " " +
	"-a --attach --add-host --annotation --arch --authfile --blkio-weight --blkio-weight-device --cap-add" +
	" --cap-drop --cgroup-parent --cgroupns --cgroups --chrootdirs --cidfile --conmon-pidfile --cpu-period" +
	" --cpu-quota --cpu-rt-period --cpu-rt-runtime --cpu-shares -c --cpus --cpuset-cpus --cpuset-mems --creds" +
	" --decryption-key --detach-keys --device --device-cgroup-rule --device-read-bps --device-read-iops" +
	" --device-write-bps --device-write-iops --dns --dns-opt --dns-option --dns-search --domainname --entrypoint -e" +
	" --env --env-file --env-merge --expose --gidmap --gpus --group-add --group-entry --health-cmd --health-interval" +
	" --health-retries --health-start-period --health-start-interval --health-timeout --health-on-failure -h" +
	" --hostname --hostuser --image-volume --init-path --ip --ip6 --ipc --isolation --kernel-memory -l --label" +
	" --label-file --link --link-local-ip --log-driver --log-opt --mac-address -m --memory --memory-reservation" +
	" --memory-swap --memory-swappiness --mount --name --net --network --network-alias --oom-score-adj --os" +
	" --passwd-entry --personality --pid --pidfile --pids-limit --platform --pod --pod-id-file --preserve-fds -p" +
	" --publish --pull --rdt-class --requires --restart --retry --retry-delay --runtime --sdnotify --seccomp-policy" +
	" --secret --security-opt --shm-size --shm-size-systemd --stop-signal --stop-timeout --storage-opt --subgidname" +
	" --subuidname --sysctl --timeout --tmpfs --tz --uidmap --ulimit --umask --unsetenv -u --user --userns --uts" +
	" --variant -v --volume --volume-driver --volumes-from -w --workdir --env-from-file --cosign-key --namespace -n" + " "

// containerOpts reports a run option that takes a value.
func containerOpts(o string) bool { return inWordList(containerOptsList, o) }

// containerShortVals are the short options of run that take a value, for
// bundles such as -itv SRC:DST or -itw/w.
const containerShortVals = "acehlmpuvw"

// containerGlobals are the options of docker, podman, nerdctl and compose
// before the subcommand that take a value.
const containerGlobalsList = " " +
	"-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey --connection --url --identity" +
	" --root --runroot --storage-driver --storage-opt --cgroup-manager --module --network-cmd-path" +
	" --network-config-dir --tmpdir --volumepath --events-backend --hooks-dir --runtime --ssh -n --namespace" +
	" --address -a --snapshotter --data-root --cni-path --cni-netconfpath --hosts-dir -f --file -p --project-name" +
	" --profile --env-file --project-directory --ansi --progress --parallel" + " "

// containerGlobals reports a global option that takes a value.
func containerGlobals(o string) bool { return inWordList(containerGlobalsList, o) }

// inWordList reports whether w is one of the space-separated words of list,
// which starts and ends with a space.
func inWordList(list, w string) bool {
	return !strings.ContainsAny(w, " ") && strings.Contains(list, " "+w+" ")
}

// cliImages are container images whose entrypoint is a command-line tool:
// docker run amazon/aws-cli s3 rm … runs aws s3 rm …. The value is the
// program; with a leading "+" the image's entrypoint script runs the
// program only when the first argument is not a program itself (vault's
// docker-entrypoint.sh: docker run hashicorp/vault token revoke … is vault
// token revoke …, … hashicorp/vault sh is sh). Images that run their
// arguments as a command (google/cloud-sdk gcloud …, azure-cli az …,
// postgres psql …, redis redis-cli …, mongo mongosh …, alpine, ubuntu)
// need no entry: that is what every other image is read as.
var cliImages = [...]struct{ image, program string }{
	{"amazon/aws-cli", "aws"},
	{"public.ecr.aws/aws-cli/aws-cli", "aws"},
	{"bitnami/kubectl", "kubectl"},
	{"rancher/kubectl", "kubectl"},
	{"lachlanevenson/k8s-kubectl", "kubectl"},
	{"alpine/k8s", ""},
	{"alpine/helm", "helm"},
	{"bitnami/helm", "helm"},
	{"hashicorp/terraform", "terraform"},
	{"opentofu/opentofu", "tofu"},
	{"ghcr.io/opentofu/opentofu", "tofu"},
	{"hashicorp/packer", "packer"},
	{"hashicorp/vault", "+vault"},
	{"vault", "+vault"},
	{"hashicorp/consul", "+consul"},
	{"hashicorp/nomad", "nomad"},
	{"digitalocean/doctl", "doctl"},
	{"flyio/flyctl", "flyctl"},
	{"minio/mc", "mc"},
	{"rclone/rclone", "rclone"},
	{"alpine/git", "git"},
	{"curlimages/curl", "curl"},
	{"gcr.io/go-containerregistry/crane", "crane"},
	{"bitnami/etcd", ""},
	{"pulumi/pulumi", ""},
}

// imageName returns an image reference without its tag, digest and default
// registry: docker.io/library/postgres:16 is postgres, and
// amazon/aws-cli:2.15.0@sha256:… is amazon/aws-cli.
func imageName(ref string) string {
	if i := strings.IndexByte(ref, '@'); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndexByte(ref, ':'); i > strings.LastIndexByte(ref, '/') {
		ref = ref[:i]
	}
	ref = strings.ToLower(ref)
	for _, pre := range []string{"docker.io/", "index.docker.io/", "registry-1.docker.io/", "registry.hub.docker.com/"} {
		ref = strings.TrimPrefix(ref, pre)
	}
	return strings.TrimPrefix(ref, "library/")
}

// imageProgram returns the program a CLI image runs, and whether the image
// is in the table.
func imageProgram(ref string) (string, bool) {
	name := imageName(ref)
	if p, ok := cliImage(name); ok {
		return p, true
	}
	if i := strings.IndexByte(name, '/'); i > 0 && strings.ContainsAny(name[:i], ".:") {
		// A mirror: registry.example.com/amazon/aws-cli.
		return cliImage(name[i+1:])
	}
	return "", false
}

// cliImage looks an image name up in cliImages (static data: nothing is
// built at start-up).
func cliImage(name string) (string, bool) {
	for _, e := range cliImages {
		if e.image == name {
			return e.program, true
		}
	}
	return "", false
}

// containerRun reads docker|podman|nerdctl [GLOBAL…] run|create|container
// run|compose run …, docker-compose run … and kubectl run|debug … -- …:
// the container's command is checked as a command run inside a container,
// with the program of a CLI image (cliImages) or --entrypoint in front,
// and the paths of host directories mounted into it (-v SRC:DST, --mount
// type=bind,src=…,dst=…, --workdir inside a mount) read as the host paths
// they are: docker run -v $HOME:/h alpine rm -rf /h is rm -rf ~. It
// reports whether it read the line.
func (p *parser) containerRun(c *Command, name string, args []Word) bool {
	if name == "kubectl" {
		return p.kubectlRun(c, args)
	}
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		if v := args[i].Value; containerGlobals(v) && !strings.Contains(v, "=") {
			i++
		}
		i++
	}
	if i >= len(args) {
		return false
	}
	sub := args[i].Value
	compose := name == "docker-compose" || name == "podman-compose"
	if sub == "container" && i+1 < len(args) || sub == "compose" && !compose && i+1 < len(args) {
		compose = sub == "compose"
		i++
		for compose && i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			if containerGlobals(args[i].Value) {
				i++
			}
			i++
		}
		if i >= len(args) {
			return false
		}
		sub = args[i].Value
	}
	switch {
	case sub == "run" || sub == "create" && !compose:
	case compose && sub == "exec":
		rest := args[i+1:]
		for len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
			if containerOpts(rest[0].Value) || rest[0].Value == "--index" {
				rest = rest[1:]
			}
			if len(rest) > 0 {
				rest = rest[1:]
			}
		}
		rest = append([]Word{{}}, rest...)
		if len(rest) > 1 {
			p.inContainer(c, name+" compose exec", rest[1:])
		}
		return true
	default:
		return false
	}
	label := name + " " + sub
	if compose {
		label = name + " compose " + sub
	}
	var mounts []mount
	var env []Assign
	workdir, entry, hasEntry, user := "", "", false, ""
	rest := args[i+1:]
	j := 0
	for ; j < len(rest); j++ {
		w := rest[j]
		v := w.Value
		if v == "--" {
			j++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		opt, val, hasVal := v, "", false
		if k := strings.IndexByte(v, '='); k > 0 && strings.HasPrefix(v, "--") {
			opt, val, hasVal = v[:k], v[k+1:], true
		} else if !strings.HasPrefix(v, "--") && len(v) > 2 {
			// A bundle: -itv SRC:DST, -w/w, -eFOO=1.
			for k := 1; k < len(v); k++ {
				if strings.IndexByte(containerShortVals, v[k]) >= 0 {
					opt = "-" + v[k:k+1]
					if k+1 < len(v) {
						// pflag reads -v=SRC:DST as -v SRC:DST.
						val, hasVal = v[k+1:], true
						if k == 1 {
							val = strings.TrimPrefix(val, "=")
						}
					}
					break
				}
			}
			if opt == v {
				continue // flags only: -it, -dit
			}
		}
		if opt == "--privileged" && (!hasVal || val == "true") {
			// A privileged container sees the host's devices.
			mounts = append(mounts, mount{Source: "/dev", Target: "/dev", Static: true})
			continue
		}
		if !containerOpts(opt) {
			continue
		}
		valWord := w
		if !hasVal {
			if j+1 >= len(rest) {
				break
			}
			j++
			valWord = rest[j]
			val = valWord.Value
		} else {
			valWord.Value = val
		}
		switch opt {
		case "-v", "--volume":
			if m, ok := p.volumeMount(valWord); ok {
				mounts = append(mounts, m)
			}
		case "--device":
			// --device HOST[:CONTAINER[:PERMS]]: the host's device.
			src, dst, _ := strings.Cut(val, ":")
			dst, _, _ = strings.Cut(dst, ":")
			if dst == "" {
				dst = src
			}
			if strings.HasPrefix(src, "/dev/") {
				mounts = append(mounts, mount{Source: src, Target: path.Clean(dst), Static: valWord.Static})
			}
		case "--mount":
			if m, ok := p.bindMount(valWord); ok {
				mounts = append(mounts, m)
			}
		case "-w", "--workdir":
			workdir = val
		case "-e", "--env":
			// -e NAME=VALUE: the container's environment.
			// GUARDSH_* there is the container's, not this guardsh's.
			if n, ev, ok := strings.Cut(val, "="); ok && ValidName(n) && !strings.HasPrefix(n, "GUARDSH_") {
				env = append(env, Assign{Name: n, Value: Word{Value: ev, Static: valWord.Static, Start: valWord.Start, End: valWord.End}})
			}
		case "--entrypoint":
			entry, hasEntry = val, true
		case "-u", "--user":
			user = val
		}
	}
	if len(mounts) > 0 && !hasHome(env) && (user == "" || user == "root" || user == "0" || strings.HasPrefix(user, "0:") || strings.HasPrefix(user, "root:")) {
		// Inside the container ~ is root's home, /root: a host
		// directory mounted there is what rm -rf ~ deletes.
		env = append(env, Assign{Name: "HOME", Value: Word{Value: "/root", Static: true}})
	}
	if j >= len(rest) {
		return true
	}
	image := rest[j].Value
	cmd := rest[j+1:]
	if hasEntry {
		if entry != "" {
			// --entrypoint replaces the image's: a program, or a JSON
			// list.
			cmd = append(entryWords(entry, rest[j]), cmd...)
		}
	} else if prog, ok := imageProgram(image); ok && prog != "" && !compose {
		wrapped := strings.HasPrefix(prog, "+")
		prog = strings.TrimPrefix(prog, "+")
		if !wrapped || len(cmd) == 0 || cmd[0].Value != prog && !strings.Contains(cmd[0].Value, "/") && !shells()[cmd[0].Value] {
			if !wrapped || len(cmd) > 0 {
				cmd = append([]Word{{Value: prog, Static: true, Start: rest[j].Start, End: rest[j].End}}, cmd...)
			}
		}
	}
	p.runInContainerEnv(c, label, cmd, mounts, workdir, env)
	return true
}

// hasHome reports whether the container's environment sets HOME.
func hasHome(env []Assign) bool {
	for _, a := range env {
		if a.Name == "HOME" {
			return true
		}
	}
	return false
}

// entryWords returns the words of an --entrypoint value: a program, or
// the exec form ["sh","-c"].
func entryWords(entry string, at Word) []Word {
	var out []Word
	if strings.HasPrefix(entry, "[") {
		for _, f := range strings.Split(strings.Trim(entry, "[]"), ",") {
			f = strings.Trim(strings.TrimSpace(f), `"`)
			if f != "" {
				out = append(out, Word{Value: f, Static: at.Static, Start: at.Start, End: at.End})
			}
		}
		return out
	}
	return []Word{{Value: entry, Static: at.Static, Start: at.Start, End: at.End}}
}

// kubectlRun reads kubectl run NAME --image=IMG … -- ARGS (the image's
// program, as for docker run, unless --command says ARGS are the
// command) and kubectl debug node/N --image=IMG … -- CMD, whose pod sees
// the node's root directory at /host.
func (p *parser) kubectlRun(c *Command, args []Word) bool {
	sub := -1
	for i, a := range args {
		if !strings.HasPrefix(a.Value, "-") {
			sub = i
			break
		}
	}
	if sub < 0 || args[sub].Value != "run" && args[sub].Value != "debug" {
		return false
	}
	dd := indexWord(args, "--")
	if dd < 0 || dd+1 >= len(args) {
		return true
	}
	image, command, node := "", false, false
	for i := sub + 1; i < dd; i++ {
		v := args[i].Value
		switch {
		case strings.HasPrefix(v, "--image="):
			image = strings.TrimPrefix(v, "--image=")
		case v == "--image" && i+1 < dd:
			image = args[i+1].Value
		case v == "--command" || v == "--command=true":
			command = true
		case strings.HasPrefix(v, "node/"):
			node = args[sub].Value == "debug"
		}
	}
	cmd := args[dd+1:]
	if prog, ok := imageProgram(image); ok && prog != "" && !command && args[sub].Value == "run" {
		prog = strings.TrimPrefix(prog, "+")
		cmd = append([]Word{{Value: prog, Static: true, Start: args[dd].Start, End: args[dd].End}}, cmd...)
	}
	var mounts []mount
	if node {
		mounts = []mount{{Source: "/", Target: "/host", Static: true}}
	}
	p.runInContainer(c, "kubectl "+args[sub].Value, cmd, mounts, "")
	return true
}

// volumeMount reads -v SRC:DST[:OPTS] of a host directory (a named volume
// has no slash in SRC); a read-only mount is left out: nothing under it
// can be deleted or written.
func (p *parser) volumeMount(w Word) (mount, bool) {
	parts := strings.Split(w.Value, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return mount{}, false
	}
	if len(parts) == 3 && readOnly(strings.Split(parts[2], ",")) {
		return mount{}, false
	}
	return p.hostMount(parts[0], parts[1], w.Static)
}

// bindMount reads --mount type=bind,source=SRC,target=DST[,readonly].
func (p *parser) bindMount(w Word) (mount, bool) {
	var src, dst string
	bind := false
	fields := strings.Split(w.Value, ",")
	if readOnly(fields) {
		return mount{}, false
	}
	for _, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		switch strings.ToLower(k) {
		case "type":
			bind = v == "bind"
		case "source", "src":
			src = v
		case "target", "destination", "dst":
			dst = v
		}
	}
	if !bind {
		return mount{}, false
	}
	return p.hostMount(src, dst, w.Static)
}

func readOnly(opts []string) bool {
	for _, o := range opts {
		if o == "ro" || o == "readonly" || o == "readonly=true" || o == "ro=true" {
			return true
		}
	}
	return false
}

// hostMount makes a mount of host path src at dst, in the form the rules
// read paths: relative sources are under the line's directory.
func (p *parser) hostMount(src, dst string, static bool) (mount, bool) {
	if !strings.HasPrefix(dst, "/") || src == "" {
		return mount{}, false
	}
	switch {
	case strings.HasPrefix(src, "/") || strings.HasPrefix(src, "~") || strings.HasPrefix(src, "$"):
	case src == "." || strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../"):
		if p.cwd != "" {
			src = cleanDir(path.Join(p.cwd, src))
		}
	default:
		return mount{}, false // a named volume
	}
	return mount{Source: src, Target: path.Clean(dst), Static: static}, true
}

// runInContainer checks a container's command. Without mounts it runs
// inside the container (Contained); the words and the working directory
// of every command it runs that fall under a mount are rewritten to the
// host paths, and such a command is judged as run on the host.
func (p *parser) runInContainer(c *Command, label string, cmd []Word, mounts []mount, workdir string) {
	p.runInContainerEnv(c, label, cmd, mounts, workdir, nil)
}

// runInContainerEnv is runInContainer with the container's environment
// (-e NAME=VALUE).
func (p *parser) runInContainerEnv(c *Command, label string, cmd []Word, mounts []mount, workdir string, env []Assign) {
	if len(cmd) == 0 {
		return
	}
	prevC, prevM, cwd, was := p.contained, p.mounts, p.cwd, p.inWrapDir
	p.contained, p.mounts = true, mounts
	dir := ""
	if strings.HasPrefix(workdir, "/") {
		dir = path.Clean(workdir)
	}
	p.setCwd(dir)
	p.inWrapDir = true
	in := p.inner(c, label, cmd, env)
	p.contained, p.mounts = prevC, prevM
	p.setCwd(cwd)
	p.inWrapDir = was
	if in != nil {
		in.Contained = !in.onHost
	}
}

// onMount maps a path inside the container to the host path it is, when
// it is under a mount.
func onMount(mounts []mount, v string) (string, bool, bool) {
	if !strings.HasPrefix(v, "/") {
		return "", false, false
	}
	clean := path.Clean(v)
	best := -1
	for i, m := range mounts {
		if clean == m.Target || strings.HasPrefix(clean, strings.TrimSuffix(m.Target, "/")+"/") {
			if best < 0 || len(m.Target) > len(mounts[best].Target) {
				best = i
			}
		}
	}
	if best < 0 {
		return "", false, false
	}
	m := mounts[best]
	rest := strings.TrimPrefix(clean, m.Target)
	if m.Target == "/" {
		rest = clean
	}
	if strings.HasSuffix(v, "/") && !strings.HasSuffix(rest, "/") {
		rest += "/"
	}
	if rest == "" || rest == "/" {
		if m.Source == "/" || rest == "" {
			return m.Source + rest, m.Static, true
		}
	}
	src := strings.TrimSuffix(m.Source, "/")
	if src == "" && !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	return src + rest, m.Static, true
}

// hostPaths rewrites a command run in a container with host directories
// mounted: its words and working directory under a mount become the host
// paths (see runInContainer).
func (p *parser) hostPaths(cmd *Command) {
	if cmd.Dir != "" {
		if h, _, ok := onMount(p.mounts, cmd.Dir); ok {
			cmd.Dir = h
			cmd.onHost = true
		} else {
			cmd.Dir = ""
		}
	}
	for i := 1; i < len(cmd.Args); i++ {
		w := &cmd.Args[i]
		if h, static, ok := onMount(p.mounts, w.Value); ok {
			w.Value, w.Static = h, w.Static && static
			cmd.onHost = true
			continue
		}
		if k := strings.IndexByte(w.Value, '='); k > 0 {
			// --target=/h/x, of=/h/x.
			if h, static, ok := onMount(p.mounts, w.Value[k+1:]); ok {
				w.Value, w.Static = w.Value[:k+1]+h, w.Static && static
				cmd.onHost = true
			}
		}
	}
	for i := range cmd.Redirs {
		t := &cmd.Redirs[i].Target
		if h, static, ok := onMount(p.mounts, t.Value); ok {
			t.Value, t.Static = h, t.Static && static
			cmd.onHost = true
		}
	}
	if cmd.onHost {
		cmd.Contained = false
	}
}
