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
}}
