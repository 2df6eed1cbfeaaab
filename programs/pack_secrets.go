package programs

// Secrets: revoking tokens, disabling secret engines, deleting secrets,
// private keys, decrypting a secrets file in place. Kubernetes Secrets are
// in the kubernetes pack (kubectl delete secret), cloud secret managers in
// the clouds pack.
//
// Decisions: vault token revoke of one token and vault lease revoke of one
// lease, op item delete --archive and
// bw delete without --permanent (the trash), pass rm of one entry without
// -f (pass asks), infisical reset and dynamic-secrets lease delete (one
// login, one lease), gpg --delete-keys (public keys are re-imported),
// ssh-keygen -R and ssh-add -D (they forget a host key or unload the agent;
// the keys stay on disk) stay quiet.
var packSecrets = &Pack{Name: "secrets", Title: "Secret stores", File: "programs/pack_secrets.go", Entries: []*Entry{
	{
		ID: "secrets-vault-destroy", Title: "Revoke tokens or disable a Vault engine",
		Reason: "Revoking every token under a path, disabling a secrets engine or an auth method, or destroying secret versions logs everyone out or deletes the secrets for good.",
		When: []string{"vault token revoke --mode=path", "vault lease revoke --prefix", "vault lease revoke --force", "vault secrets disable", "vault auth disable",
			"vault audit disable", "vault kv destroy", "vault kv metadata delete", "vault kv delete", "vault delete", "vault policy delete", "vault operator seal"},
		Match: []string{"vault token revoke -mode path auth/", "vault operator seal", "vault token revoke -mode=path auth/github", "vault lease revoke -prefix aws/", "vault secrets disable kv/",
			"vault auth disable userpass", "vault kv destroy -versions=1,2 secret/x", "vault kv metadata delete secret/x", "vault -address=https://v secrets disable kv",
			"VAULT_ADDR=https://v vault secrets disable kv", "vault delete sys/mounts/kv",
			"vault kv delete secret/myapp/config", "vault delete secret/myapp/config", "vault --namespace admin secrets disable kv/", "vault policy delete myapp-policy"},
		NoMatch: []string{"vault kv get secret/x", "vault token lookup", "vault secrets list", "vault token revoke -self", "vault kv put secret/x a=b", "vault read sys/mounts",
			"vault token revoke abc123", "vault lease revoke aws/creds/x/abc", "vault kv undelete -versions=2 secret/x", "vault -namespace=admin status", "vault policy list", "vault operator unseal", "vault status"},
	},
	{
		ID: "secrets-store-delete", Title: "Delete secrets from a secret manager",
		Reason: "Deleting a secret, item or vault removes credentials other systems need, usually with no undo.",
		When: []string{"op item|document|vault|user|group|connect delete|rm|remove !--archive", "doppler secrets|projects|environments|configs|enclave delete|rm",
			"gh secret|variable delete|remove", "glab variable delete|remove", "infisical secrets delete", "infisical secrets folders delete", "bw delete --permanent",
			"pass rm --recursive", "pass rm --force", "gopass rm|remove|delete --recursive", "gopass rm|remove|delete --force",
			"heroku config:unset|config:remove", "fly|flyctl secrets unset", "netlify env:unset", "vercel env rm|remove"},
		Match: []string{"op item delete x", "op vault delete v", "doppler secrets delete X", "doppler projects delete p -y", "gh secret delete TOKEN", "glab variable delete X",
			"bw delete --permanent item id", "op connect token delete abc123", "doppler configs delete prod --project backend --yes", "infisical secrets delete API_KEY",
			"infisical --domain=https://example.test secrets delete API_KEY", "infisical secrets folders delete --path=/apps --name=legacy", "pass rm -r work/",
			"pass remove --rec work/", "pass rm -rf work", "pass rm -f github", "gopass rm -r team/", "gh -R o/r secret remove TOKEN",
			"heroku config:unset DATABASE_URL -a app", "fly secrets unset API_KEY", "netlify env:unset API_KEY", "vercel env rm API_KEY production"},
		NoMatch: []string{"op item delete --archive x", "bw delete item id", "op item get x", "doppler run -- npm start", "doppler secrets get X", "gh secret list", "op signin",
			"pass rm github", "pass show github", "pass insert github", "gopass show x", "infisical secrets get API_KEY --plain", "infisical run --env=prod -- npm start",
			"infisical secrets set API_KEY=v", "echo 'infisical secrets delete API_KEY'", "heroku config:get DATABASE_URL -a app", "heroku config -a app",
			"fly secrets list", "fly secrets set API_KEY=x", "netlify env:list", "vercel env ls"},
	},
	{
		ID: "secrets-cloud-metadata", Title: "Read the machine's cloud credentials from the metadata service",
		Reason: "The instance metadata service hands out the machine's cloud credentials (AWS security-credentials, GCE service-account tokens, Azure managed-identity tokens, ECS task credentials): " +
			"whoever reads them can act as the machine in the cloud account, from anywhere, until they expire.",
		Suggest: "let the SDK fetch them where it needs them; to see which role the machine has, read …/meta-data/iam/info",
		When:    []string{"curl|wget|http|https|xh|xhs|aria2c|lynx|w3m|links|elinks|fetch $metadata-credentials"},
		Match: []string{"curl http://169.254.169.254/latest/meta-data/iam/security-credentials/", "curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role",
			"curl -H 'X-aws-ec2-metadata-token: t' 169.254.169.254/latest/meta-data/iam/security-credentials/r", "wget -qO- http://instance-data/latest/meta-data/iam/security-credentials/r",
			"curl http://2852039166/latest/meta-data/iam/security-credentials/", "curl 'http://[fd00:ec2::254]/latest/meta-data/iam/security-credentials/'",
			"curl http://169.254.169.254/latest/meta-data/iam/security%2Dcredentials/", "curl http://169.254.169.254/latest/meta-data/identity-credentials/ec2/security-credentials/ec2-instance",
			`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`,
			`curl -H "Metadata-Flavor: Google" 'http://metadata/computeMetadata/v1/instance/service-accounts/default/identity?audience=x'`,
			"curl -H Metadata:true 'http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/'",
			"curl 169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "curl http://100.100.100.200/latest/meta-data/ram/security-credentials/role",
			"http GET 169.254.169.254/latest/meta-data/iam/security-credentials/r", "sudo curl --url http://169.254.169.254/latest/meta-data/iam/security-credentials/r"},
		NoMatch: []string{"curl http://169.254.169.254/latest/meta-data/instance-id", "curl http://169.254.169.254/latest/meta-data/iam/info", "curl http://example.com/meta-data",
			"curl -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 21600'", "wget http://169.254.169.254/latest/api/token",
			`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/zone`, "curl https://example.com/docs/security-credentials",
			"curl 'http://169.254.169.254/metadata/instance?api-version=2021-02-01'", "echo http://169.254.169.254/latest/meta-data/iam/security-credentials/"},
	},
	{
		ID: "secrets-serve-home", Title: "Serve the home directory or / to the network",
		Reason:  "A file server started on the home directory (or /) hands everyone who can reach the port the SSH keys, cloud credentials, tokens and shell history kept there.",
		Suggest: "serve the project's own directory (python3 -m http.server --directory dist), bound to localhost (--bind 127.0.0.1)",
		When:    []string{"python|python2|python3|php|http-server|serve $serves-home"},
		Match: []string{"python3 -m http.server --directory ~", "python3 -m http.server -d /", "cd ~ && python3 -m http.server 8000", "python -m SimpleHTTPServer --directory=$HOME",
			"php -S 0.0.0.0:80 -t ~", "php -S 0.0.0.0:8080 -t /", "npx http-server ~ -p 8080", "sudo python3 -m http.server 80 --directory /root", "npx serve ~",
			"python3 -m http.server --bind 0.0.0.0 -d ~"},
		NoMatch: []string{"python3 -m http.server", "python3 -m http.server --directory dist", "python3 -m http.server --bind 127.0.0.1 -d ~", "php -S localhost:8000 -t ~",
			"php -S 0.0.0.0:8000 -t public", "npx http-server ./build", "npx serve dist", "python3 -m venv ~/.venv", "cd ~/src/site && python3 -m http.server"},
	},
	{
		ID: "secrets-gpg-delete-secret-key", Title: "Delete a private GPG key",
		Reason:  "A deleted private key cannot be brought back: what was encrypted to it can no longer be read, and what it signed can no longer be re-signed.",
		Suggest: "export it first: gpg --export-secret-keys --armor KEYID > key.asc, kept offline",
		When:    []string{"gpg --delete-secret-keys|delete-secret-and-public-keys"},
		Match: []string{"gpg --delete-secret-keys ABCD1234", "gpg --batch --yes --delete-secret-keys ABCD1234", "gpg --delete-secret-and-public-keys me@example.com",
			"gpg --delete-secret-k ABCD1234", "gpg2 --homedir ~/.gnupg --delete-secret-keys K"},
		NoMatch: []string{"gpg --delete-keys ABCD1234", "gpg --list-secret-keys", "gpg --delete-sec K", "gpg --export-secret-keys K", "echo gpg --delete-secret-keys"},
	},
	{
		ID: "secrets-decrypt-in-place", Title: "Decrypt a secrets file in place",
		Reason:  "sops --decrypt --in-place replaces the encrypted file by its plain text: the next commit or copy publishes the secrets.",
		Suggest: "decrypt to standard output or a file outside the repository (sops -d secrets.yaml > /tmp/…), or edit with sops secrets.yaml",
		When:    []string{"sops --decrypt --in-place", "sops decrypt --in-place"},
		Match:   []string{"sops -d -i secrets.yaml", "sops --decrypt --in-place secrets.enc.yaml", "sops decrypt --in-place secrets.yaml", "sops -i -d x.json"},
		NoMatch: []string{"sops -d secrets.yaml", "sops -e -i secrets.yaml", "sops secrets.yaml", "sops -d secrets.yaml > /tmp/s.yaml", "sops --encrypt --in-place x.yaml"},
	},
}}
