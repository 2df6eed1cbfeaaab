package programs

// Containers: deleting volumes and the data in them, pruning what is not
// running, force-removing running containers, taking down swarm services,
// deleting the VM or context containers live in. docker, podman and
// nerdctl share one grammar; docker compose, docker-compose and
// podman-compose another. Stopping and killing containers stays with the
// container-stop rule.
//
// Decisions (what stays quiet, and why): docker rm of a stopped container
// and docker compose down without -v (up makes both again); docker network
// prune (unused networks only: they hold no data); docker image prune
// without -a (dangling layers) and docker builder/buildx prune (build
// cache): regenerable; docker compose rm without -s or -v (stopped service
// containers, made again by up).
var packContainers = &Pack{Name: "containers", Title: "Containers (docker, podman, nerdctl, compose, buildah)", File: "programs/pack_containers.go", Entries: []*Entry{
	{
		ID: "containers-volume-delete", Title: "Delete container volumes",
		Reason:  "Removing or pruning volumes deletes the data stored in them (databases, uploads) with no undo; compose down -v and rm -v remove the project's volumes, system reset everything podman holds.",
		Suggest: "list the volumes first (docker volume ls), and back up the ones you need (docker run --rm -v VOL:/v alpine tar c /v)",
		When: []string{
			"docker volume rm|remove|prune", "docker system prune --volumes", "docker system reset",
			"docker compose down --volumes", "docker compose rm --volumes", "docker-compose down --volumes", "docker-compose rm --volumes",
		},
		Over: []string{"container-stop", "containers-prune", "containers-force-remove"},
		Match: []string{"docker volume rm data", "docker volume prune", "docker volume prune -af", "docker system prune -a --volumes", "podman system reset --force",
			"docker compose down -v", "docker compose -f prod.yml -p shop down --volumes", "docker compose down --rmi all -v", "docker-compose down -v",
			"podman-compose down -v", "docker compose rm -fsv", "docker -H ssh://prod volume rm pgdata", "DOCKER_HOST=tcp://x:2375 docker volume prune -f",
			"/usr/bin/docker volume rm data", "nerdctl volume rm data", "podman volume rm --all"},
		NoMatch: []string{"docker volume ls", "docker volume create data", "docker volume inspect data", "docker compose down", "docker compose down --volumes=false",
			"docker compose down --remove-orphans", "docker run -v data:/data alpine ls", "docker system df", "docker compose rm -f"},
	},
	{
		ID: "containers-prune", Title: "Prune containers and images",
		Reason:  "Pruning removes every stopped container (with what was written inside it) and, with --all, every image no container uses: locally built images that were never pushed are gone.",
		Suggest: "see what would go first (docker system df -v, docker ps -a)",
		When: []string{"docker system prune", "docker container prune", "docker image prune --all", "docker pod prune",
			"docker-compose down --rmi=*", "docker compose down --rmi=*", "buildah rm --all", "buildah rmi --all",
			"crictl rm|rmp|rmi --all|-a", "crictl rmi --prune|-q"},
		Over: []string{"container-stop"},
		Match: []string{"docker system prune", "docker system prune -a -f", "docker system prune --filter until=24h", "docker container prune -f", "docker image prune -a",
			"docker image prune --all --force", "podman pod prune", "docker compose down --rmi all", "docker compose down --rmi=local", "buildah rm --all", "buildah rmi -a",
			"docker --context prod system prune -af", "crictl rmi --all", "crictl rmp -a", "crictl rm -a"},
		NoMatch: []string{"docker image prune", "docker image prune -f", "docker network prune -f", "docker builder prune", "docker buildx prune -f", "docker system df",
			"docker compose down", "buildah rm c1", "docker image ls"},
	},
	{
		ID: "containers-force-remove", Title: "Force-remove running containers",
		Reason:  "rm -f kills a running container and deletes it with everything written inside it; rmi -f removes an image containers still use.",
		Suggest: "stop it first and look at what it holds (docker stop, docker diff), then remove it",
		When: []string{"docker rm|remove --force", "docker container rm|remove --force", "docker pod rm|remove --force", "docker rmi --force",
			"docker image rm|remove --force", "docker compose rm --stop", "docker-compose rm --stop", "crictl rm|rmp --force|-f"},
		Over: []string{"container-stop"},
		Match: []string{"docker rm -f web", "docker rm --force web", "docker rm -fv db", "podman rm -vf db", "docker rm -f $(docker ps -aq)", "docker container rm -f web",
			"docker -H tcp://x:2375 rm --force db", "podman pod rm -f p", "docker rmi -f image", "docker image rm --force img",
			"docker compose rm -s -f", "nerdctl rm -f web", "docker rm --force=true web", "crictl rm -f c1", "crictl rmp -f p1"},
		NoMatch: []string{"docker rm web", "docker rm -v db", "docker rmi img", "docker rm --force=false web", "docker run --rm alpine rm -f /tmp/x",
			"docker exec web rm -f /tmp/x", "docker compose run web rm -f /tmp/x", "docker container ls", "docker compose rm"},
	},
	{
		ID: "containers-swarm-remove", Title: "Remove swarm services, stacks, secrets or nodes",
		Reason:  "Removing a stack or service takes it down on every node; removing a secret or config breaks the services that read it; leaving the swarm with --force can lose the cluster's state.",
		Suggest: "inspect it first (docker stack ps, docker service ps)",
		When: []string{"docker stack rm|remove|down", "docker service rm|remove", "docker swarm leave --force", "docker node rm|remove --force",
			"docker secret rm|remove", "docker config rm|remove"},
		Match: []string{"docker stack rm shop", "docker service rm web", "docker swarm leave --force", "docker swarm leave -f", "docker node rm -f worker3", "docker secret rm db_password",
			"docker config rm nginx_conf", "docker -H ssh://manager stack rm shop"},
		NoMatch: []string{"docker stack ls", "docker stack deploy -c x.yml shop", "docker service ls", "docker swarm leave", "docker node rm worker3", "docker secret ls",
			"docker service scale web=3"},
	},
	{
		ID: "containers-machine-delete", Title: "Delete a container VM or context",
		Reason: "Removing a podman machine, a docker-machine host or a colima VM deletes every container, image and volume inside it; removing a docker context deletes its endpoint and TLS keys.",
		When:   []string{"docker machine rm|remove|reset", "docker context rm|remove", "docker-machine rm|remove", "colima delete", "lima delete", "limactl delete|rm|remove"},
		Match: []string{"podman machine rm", "podman machine rm -f podman-machine-default", "podman machine reset -f", "docker context rm prod", "docker-machine rm -y dev",
			"colima delete", "colima delete --force", "limactl delete default"},
		NoMatch: []string{"podman machine ls", "podman machine start", "docker context ls", "docker context use prod", "docker-machine ls", "colima start", "colima stop"},
	},
	{
		ID: "containers-daemon-open", Title: "Serve the Docker API on the network without TLS",
		Reason:  "dockerd -H tcp://0.0.0.0:2375 without --tlsverify lets anyone who reaches the port start a privileged container with the host's / mounted: root on the machine, from the network.",
		Suggest: "keep the Unix socket, or serve TCP with --tlsverify and client certificates (port 2376)",
		When:    []string{"dockerd --host=tcp://* !--host=tcp://127.*|tcp://localhost*|tcp://[::1]* !--tlsverify", "dockerd @tcp://* !@tcp://127.*|tcp://localhost*|tcp://[::1]* !--tlsverify"},
		Match: []string{"dockerd -H tcp://0.0.0.0:2375", "dockerd --host=tcp://0.0.0.0:2375 --host=unix:///var/run/docker.sock", "sudo dockerd -H unix:///var/run/docker.sock -H tcp://0.0.0.0",
			"set -- dockerd --host=tcp://0.0.0.0:2375 --tls=false; exec \"$@\"", "dockerd -H tcp://:2375"},
		NoMatch: []string{"dockerd", "dockerd -H unix:///var/run/docker.sock", "dockerd -H tcp://127.0.0.1:2375", "dockerd --tlsverify --tlscacert=ca.pem --tlscert=cert.pem --tlskey=key.pem -H tcp://0.0.0.0:2376",
			"dockerd -H tcp://localhost:2375", "docker -H tcp://0.0.0.0:2375 ps"},
	},
}}
