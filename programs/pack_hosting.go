package programs

// Code hosting: deleting repositories, releases and their history, raw API
// deletions, publishing a private repository.
//
// Decisions: gh repo archive / glab repo archive (reversible: unarchive),
// gh run cancel (the run can be run again), gh cache delete (a cache is
// made again), gh auth logout stay quiet. Reading a token and sending it
// away (gh auth token | curl …) is the secret-read-send rule's.
var packHosting = &Pack{Name: "hosting", Title: "Code hosting (GitHub, GitLab, Gitea)", File: "programs/pack_hosting.go", Entries: []*Entry{
	{
		ID: "hosting-delete", Title: "Delete a repository, release or project",
		Reason: "Deleting a repository, release, project, issue, key, label, environment or run history on a code host removes it for every user; forks and clones do not bring issues and releases back.",
		When: []string{"gh repo|release|project|gist|run|ruleset|environment|label|issue|ssh-key|gpg-key|codespace delete|delete-asset",
			"gh repo deploy-key delete", "gh project item-delete|field-delete",
			"glab repo|release|mr|issue|label|snippet|schedule|deploy-key|ssh-key delete", "tea repo|repos|release|releases|r|labels|milestones delete|rm",
			"hub delete"},
		Over: []string{"destroy-data"},
		Match: []string{"gh repo delete owner/repo --yes", "gh release delete v1 -y", "gh -R o/r release delete v1", "glab release delete v1", "glab repo delete group/p -y",
			"tea release delete v1", "gh run delete 123", "gh issue delete 1", "gh ssh-key delete 1", "gh repo deploy-key delete 123", "gh codespace delete --all",
			"gh cs delete -c x", "glab project delete group/p", "hub delete -y owner/repo", "GH_TOKEN=x gh repo delete o/r --yes", "/usr/bin/gh repo delete o/r"},
		NoMatch: []string{"gh cache delete --all", "gh repo view x", "gh release list", "glab mr list", "tea repos list", "gh repo clone x", "gh repo archive o/r",
			"gh run cancel 1", "gh issue comment 1 --body delete", "gh issue close 1", "gh repo list", "glab repo view g/p", "gh pr create --title 'delete the repo'"},
	},
	{
		ID: "hosting-api-delete", Title: "DELETE through the code host's API",
		Reason:  "gh api and glab api with the DELETE method remove whatever the path names (a repository, a release, a webhook, a deploy key, a branch protection), and a GraphQL mutation can delete as much.",
		Suggest: "read the path with a GET first (gh api PATH), and prefer the command made for it (gh repo delete asks for the name)",
		When:    []string{"gh|glab api --method=DELETE", "gh api graphql --raw-field|field=*mutation*delete*"},
		Over:    []string{"secret-exfiltration"},
		Match: []string{"gh api -X DELETE /repos/o/r", "gh api --method DELETE repos/o/r/hooks/1", "gh api -XDELETE /repos/o/r/releases/1", "gh api repos/o/r/keys/4 -X DELETE",
			"gh api --method=delete /repos/o/r", "glab api -X DELETE projects/123", "glab api --method DELETE /projects/1/protected_branches/main",
			"gh api graphql -f query='mutation { deleteRepository(input:{repositoryId:\"x\"}) { clientMutationId } }'"},
		NoMatch: []string{"gh api repos/o/r", "gh api -X GET repos/o/r", "gh api -X PATCH repos/o/r -f description=x", "glab api -X GET projects/123",
			"gh api graphql -f query='query { viewer { login } }'", "gh api --method POST repos/o/r/issues -f title=delete"},
	},
	{
		ID: "hosting-make-public", Title: "Make a private repository public",
		Reason:  "Publishing a private repository exposes its code and its whole history, with every secret ever committed, to everyone; clones and forks made meanwhile cannot be recalled.",
		Suggest: "scan the history for secrets first (gitleaks, trufflehog), or publish a fresh repository",
		When:    []string{"gh repo edit --visibility=public", "gh|glab api --raw-field|field=private=false|visibility=public", "glab repo update --public"},
		Match: []string{"gh repo edit --visibility public --accept-visibility-change-consequences", "gh repo edit o/r --visibility=public", "gh api -X PATCH repos/o/r -f private=false",
			"gh api -X PATCH repos/o/r -F visibility=public", "glab api -X PUT projects/1 -f visibility=public"},
		NoMatch: []string{"gh repo edit --visibility private", "gh repo edit --description x", "gh api -X PATCH repos/o/r -f private=true", "gh repo create x --public"},
	},
	{
		ID: "hosting-gitlab-admin-wipe", Title: "Wipe or overwrite a GitLab instance's data",
		Reason:  "gitlab-rake's backup restore and database drop/reset/setup replace or delete every project, user and issue of the instance; destroy_all in gitlab-rails runner deletes records by the thousand.",
		Suggest: "take a backup first (gitlab-backup create), and restore on a staging instance",
		When: []string{"gitlab-rake|gitlab-backup @*backup:restore|restore|*db:drop|*db:reset|gitlab:setup|*db:schema:load",
			"gitlab-rails runner @*destroy_all*|*delete_all*|*.destroy*|*truncate*"},
		Match: []string{"gitlab-rake gitlab:backup:restore", "sudo gitlab-rake gitlab:backup:restore BACKUP=1700000000_2026_01_01", "gitlab-backup restore BACKUP=x",
			"gitlab-rake gitlab:setup", "gitlab-rails runner \"Project.destroy_all\"", "gitlab-rails runner 'User.where(state: :blocked).delete_all'"},
		NoMatch: []string{"gitlab-rake gitlab:check", "gitlab-rake gitlab:backup:create", "gitlab-backup create", "gitlab-rails runner 'puts User.count'"},
	},
}}
