package programs

// Code hosting: deleting repositories, releases and their history.
var packHosting = &Pack{Name: "hosting", Title: "Code hosting (GitHub, GitLab, Gitea)", File: "programs/pack_hosting.go", Entries: []*Entry{
	{
		ID: "hosting-delete", Title: "Delete a repository, release or project",
		Reason: "Deleting a repository, release, project, label, environment or run history on a code host removes it for every user; forks and clones do not bring issues and releases back.",
		When: []string{"gh repo|release|project|gist|run|ruleset|environment|label delete|delete-asset",
			"glab repo|release|project|mr|issue|label|snippet|schedule delete", "tea repo|repos|release|releases|r|labels|milestones delete|rm"},
		Over: []string{"destroy-data"},
		Match: []string{"gh repo delete owner/repo --yes", "gh release delete v1 -y", "gh -R o/r release delete v1", "glab release delete v1", "glab repo delete group/p -y",
			"tea release delete v1", "gh run delete 123"},
		NoMatch: []string{"gh cache delete --all", "gh repo view x", "gh release list", "glab mr list", "tea repos list", "gh repo clone x"},
	},
}}
