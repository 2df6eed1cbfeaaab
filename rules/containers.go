package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// containerStops is the generic rule the containers pack refines (its
// entries are Over it, and their findings cover it): stopping, killing,
// force-removing and pruning containers and volumes.
func containerStops(c *parse.Command) bool {
	s, rest := sub(c, "-H", "--host", "--context", "-c", "--config", "-l", "--log-level")
	vals := make([]string, len(rest))
	for i, w := range rest {
		vals[i] = w.Value
	}
	if c.Name() == "docker-compose" || c.Name() == "podman-compose" {
		return s == "down" && composeDownDestroys(vals) || s == "stop" || s == "kill" || s == "rm" && composeRmDestroys(vals)
	}
	switch s {
	case "stop", "kill", "restart":
		return true
	case "rm", "rmi":
		// By docker's grammar: -fv and --force=true bundle or spell -f.
		if g, ok := readSub(c); ok && g.sub(0) == s {
			return g.Has("f", "force")
		}
		return contains(vals, "-f") || contains(vals, "--force")
	case "compose":
		for _, v := range vals {
			if strings.HasPrefix(v, "-") {
				continue
			}
			if v == "down" {
				// down without -v or --rmi removes containers and
				// networks that up makes again; volumes stay.
				return composeDownDestroys(vals)
			}
			return v == "stop" || v == "kill" || v == "rm" && composeRmDestroys(vals)
		}
	case "system", "volume", "container":
		if len(vals) > 0 {
			return vals[0] == "prune" || vals[0] == "rm" && s == "volume" || vals[0] == "kill" || vals[0] == "stop" || vals[0] == "reset" && s == "system"
		}
	}
	return false
}

func containerHostRoot(c *parse.Command) bool {
	s, rest := sub(c, "-H", "--host", "--context", "-c", "--config")
	if s == "build" || s == "builder" || s == "buildx" || s == "image" {
		return buildInsecure(rest) // image.go
	}
	if s != "run" && s != "create" {
		return false
	}
	for i, w := range rest {
		v := w.Value
		if v == "--privileged" || v == "--pid=host" {
			return true
		}
		mount := ""
		switch {
		case (v == "-v" || v == "--volume" || v == "--mount") && i+1 < len(rest):
			mount = rest[i+1].Value
		case strings.HasPrefix(v, "--volume=") || strings.HasPrefix(v, "--mount="):
			_, mount, _ = strings.Cut(v, "=")
		case strings.HasPrefix(v, "-v") && len(v) > 2:
			mount = v[2:]
		}
		src, _, _ := strings.Cut(mount, ":")
		if strings.Contains(mount, "source=") {
			_, after, _ := strings.Cut(mount, "source=")
			src, _, _ = strings.Cut(after, ",")
		}
		if src != "" && (parse.RootLike(src) || parse.SystemDir(src) || systemConfig(src)) {
			return true
		}
		if !strings.HasPrefix(v, "-") && i > 0 && !strings.HasPrefix(rest[i-1].Value, "-") {
			break // the image: what follows is the container's command
		}
	}
	return false
}

// composeRmDestroys reports compose rm that stops running service
// containers (-s) or removes their volumes (-v); without them it removes
// stopped containers, which up makes again.
func composeRmDestroys(vals []string) bool {
	for _, v := range vals {
		if v == "--stop" || v == "--volumes" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "sv") {
			return true
		}
	}
	return false
}
