package programs

// Persistent security downgrades: settings that switch off TLS checks or
// passwords for everything that runs later.
var packDowngrades = &Pack{Name: "downgrades", Title: "Persistent security downgrades", File: "programs/pack_downgrades.go", Entries: []*Entry{
	{
		ID: "downgrade-tls-verify", Title: "Switch off TLS certificate checks for good",
		Reason:  "Setting sslVerify, strict-ssl or a trusted host off in a configuration file makes every later download trust any server: a man in the middle can then serve code.",
		Suggest: "add the certificate authority you need (http.sslCAInfo, cafile, cert) instead",
		When: []string{"git config $git-insecure", "npm|pnpm|yarn config|c set $npm-insecure", "npm|pnpm set $npm-insecure",
			"pip|pip3 config set @*trusted-host*", "conda config --set @ssl_verify @false|no|0|off",
			"kubectl config set-cluster --insecure-skip-tls-verify !--insecure-skip-tls-verify=false", "* $insecure-env-write"},
		Over: []string{"credential-file-write", "system-config-write"},
		Match: []string{"git config --global http.sslVerify false", "git config --system http.sslverify 0", "git config http.https://x.sslVerify false",
			"git config --global --bool http.sslVerify false", "npm config set strict-ssl false", "npm config set strict-ssl=false", "yarn config set strict-ssl false",
			"pip config set global.trusted-host example.com", "pip3 config --user set install.trusted-host x", "conda config --set ssl_verify false",
			"kubectl config set-cluster prod --insecure-skip-tls-verify=true", "echo 'export GIT_SSL_NO_VERIFY=1' >> ~/.bashrc",
			"echo NODE_TLS_REJECT_UNAUTHORIZED=0 >> .env", "echo 'PYTHONHTTPSVERIFY=0' | tee -a /etc/environment"},
		NoMatch: []string{"git config --global http.sslVerify true", "git config --get http.sslVerify", "git -c http.sslVerify=false clone x", "npm config get strict-ssl",
			"npm config set strict-ssl true", "pip config list", "pip install --trusted-host x pkg", "echo GIT_SSL_NO_VERIFY", "export GIT_SSL_NO_VERIFY=1",
			"kubectl config set-cluster prod --server=https://x", "conda config --set ssl_verify true"},
	},
	{
		ID: "downgrade-sudo-nopasswd", Title: "sudo without a password",
		Reason:  "A NOPASSWD rule lets anything that runs as the user become root without asking.",
		Suggest: "limit NOPASSWD to the one command that needs it, and edit with visudo",
		When:    []string{"* $sudoers-nopasswd"},
		Over:    []string{"system-config-write"},
		Match:   []string{"echo 'me ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers", "echo 'me ALL=(ALL) NOPASSWD:ALL' | sudo tee /etc/sudoers.d/me", "printf '%s\\n' 'bob ALL=(ALL) NOPASSWD: ALL' > /etc/sudoers.d/bob"},
		NoMatch: []string{"cat /etc/sudoers", "echo 'me ALL=(ALL) ALL' | sudo tee /etc/sudoers.d/me", "grep NOPASSWD /etc/sudoers"},
	},
	{
		ID: "downgrade-config-insecure", Title: "Switch a security check off for good",
		Reason: "The setting turns off a check for everything that runs later: TLS certificates (curl, wget, apt, dnf), package signatures " +
			"(apt trusted=yes, gpgcheck=0), ssh host keys, sshd root or password logins, or lets Docker and npm fetch over plain HTTP.",
		Suggest: "fix the certificate, key or mirror that fails instead; if you must, scope it to one command (curl -k URL, ssh -o … HOST)",
		When:    []string{"* $insecure-setting-write", "git config $git-ssh-insecure", "git config $git-safe-any", "npm|pnpm|yarn config|c set $npm-http-registry", "npm|pnpm set $npm-http-registry"},
		Over:    []string{"credential-file-write", "system-config-write"},
		Match: []string{"echo insecure >> ~/.curlrc", "git config --global --add safe.directory '*'", "git config --system safe.directory \"*\"", "echo '-k' > ~/.curlrc", "echo 'check_certificate = off' >> ~/.wgetrc",
			`echo 'Acquire::https::Verify-Peer "false";' > /etc/apt/apt.conf.d/99insecure`, `echo 'APT::Get::AllowUnauthenticated "true";' | sudo tee /etc/apt/apt.conf.d/99x`,
			"echo 'deb [trusted=yes] http://x/ stable main' > /etc/apt/sources.list.d/x.list", "sed -i 's/gpgcheck=1/gpgcheck=0/' /etc/yum.repos.d/x.repo",
			"echo gpgcheck=0 >> /etc/yum.repos.d/x.repo", "echo 'StrictHostKeyChecking no' >> ~/.ssh/config", `printf 'Host *\n  StrictHostKeyChecking no\n' >> ~/.ssh/config`,
			"echo 'PermitRootLogin yes' >> /etc/ssh/sshd_config", "sed -i 's/^PasswordAuthentication no/PasswordAuthentication yes/' /etc/ssh/sshd_config",
			`echo '{"insecure-registries":["10.0.0.1:5000"]}' > /etc/docker/daemon.json`, "git config --global core.sshCommand 'ssh -o StrictHostKeyChecking=no'",
			"npm config set registry http://registry.npmjs.org/", "echo 'strict-ssl=false' >> ~/.npmrc"},
		NoMatch: []string{"cat ~/.curlrc", "git config --global --add safe.directory /srv/repo", "git config --get-all safe.directory", "echo progress-bar >> ~/.curlrc", "echo 'Host x' >> notes.txt", "echo 'PermitRootLogin no' >> /etc/ssh/sshd_config",
			"sed -i 's/PasswordAuthentication yes/PasswordAuthentication no/' /etc/ssh/sshd_config", "echo gpgcheck=1 >> /etc/yum.repos.d/x.repo",
			"ssh -o StrictHostKeyChecking=no host", "curl -k https://localhost:8443", "git config --global core.sshCommand 'ssh -i ~/.ssh/deploy'",
			"npm config set registry https://registry.npmjs.org/", "grep trusted=yes /etc/apt/sources.list"},
	},
}}
