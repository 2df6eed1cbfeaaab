package programs

// Secrets: revoking tokens, disabling secret engines, deleting secrets.
var packSecrets = &Pack{Name: "secrets", Title: "Secret stores", File: "programs/pack_secrets.go", Entries: []*Entry{
	{
		ID: "secrets-vault-destroy", Title: "Revoke tokens or disable a Vault engine",
		Reason: "Revoking every token under a path, disabling a secrets engine or an auth method, or destroying secret versions logs everyone out or deletes the secrets for good.",
		When: []string{"vault token revoke --mode=path", "vault lease revoke --prefix", "vault secrets disable", "vault auth disable", "vault audit disable",
			"vault kv destroy", "vault kv metadata delete", "vault delete @sys/*", "vault policy delete"},
		Match: []string{"vault token revoke -mode path auth/", "vault token revoke -mode=path auth/github", "vault lease revoke -prefix aws/", "vault secrets disable kv/",
			"vault auth disable userpass", "vault kv destroy -versions=1,2 secret/x", "vault kv metadata delete secret/x", "vault -address=https://v secrets disable kv",
			"VAULT_ADDR=https://v vault secrets disable kv", "vault delete sys/mounts/kv"},
		NoMatch: []string{"vault kv get secret/x", "vault token lookup", "vault secrets list", "vault token revoke -self", "vault kv put secret/x a=b", "vault read sys/mounts"},
	},
	{
		ID: "secrets-store-delete", Title: "Delete secrets from a secret manager",
		Reason: "Deleting a secret, item or vault removes credentials other systems need, usually with no undo.",
		When: []string{"op item|document|vault|user|group|connect delete|rm|remove !--archive", "doppler secrets|projects|environments|configs|enclave delete|rm",
			"gh secret|variable delete|remove", "glab variable delete", "infisical secrets delete", "bw delete --permanent"},
		Match:   []string{"op item delete x", "op vault delete v", "doppler secrets delete X", "doppler projects delete p -y", "gh secret delete TOKEN", "glab variable delete X", "bw delete --permanent item id"},
		NoMatch: []string{"op item delete --archive x", "bw delete item id", "op item get x", "doppler run -- npm start", "doppler secrets get X", "gh secret list", "op signin"},
	},
}}
