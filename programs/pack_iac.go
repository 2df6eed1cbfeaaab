package programs

// Infrastructure as code: destroying what a stack manages, applying changes
// nobody reviewed, and losing track of resources (state removed or
// overwritten). Previews stay quiet: terraform plan -destroy, pulumi preview
// and destroy --preview-only, kops delete without --yes, -help.
//
// terraform taint is left quiet: it only marks a resource, and the apply that
// replaces it shows the plan (or, with -auto-approve, is asked about).
var packIac = &Pack{Name: "iac", Title: "Infrastructure as code", File: "programs/pack_iac.go", Entries: []*Entry{
	{
		ID: "iac-destroy", Title: "Destroy the infrastructure a stack manages",
		Reason:  "destroy (terraform, tofu, terragrunt, pulumi, cdk, cdktf), serverless remove, sam delete, eksctl delete and kops delete --yes tear down every resource of the stack or cluster: databases, volumes and buckets with their data.",
		Suggest: "preview it first (terraform plan -destroy, pulumi preview --diff, cdk diff) and check the workspace or stack",
		When: []string{"terraform|tofu|terragrunt destroy !-h", "terraform|tofu|terragrunt apply --destroy !-h",
			"pulumi destroy !--preview-only", "cdk|cdktf destroy", "serverless|sls remove", "sam delete", "eksctl delete", "kops delete --yes"},
		Over:     []string{"cloud-destroy", "destroy-data"},
		Formerly: []string{"cloud-destroy", "destroy-data"},
		Match: []string{"terraform destroy", "terraform -chdir=infra destroy -auto-approve", "tofu destroy -target=aws_db_instance.main", "terraform apply -destroy",
			"terraform apply -destroy=true -auto-approve", "terragrunt run-all destroy", "terragrunt --terragrunt-working-dir infra destroy", "terragrunt run --all apply -destroy", "pulumi destroy --yes --stack prod", "pulumi -C infra destroy -y",
			"cdk destroy --force MyStack", "cdktf destroy --auto-approve", "serverless remove --stage prod", "sls remove -s prod", "sam delete --stack-name app --no-prompts",
			"eksctl delete cluster --name prod", "kops delete cluster --name k.example.com --yes"},
		NoMatch: []string{"terraform plan -destroy", "terraform destroy -h", "terraform apply", "terraform apply -destroy=false", "pulumi destroy --preview-only", "pulumi preview", "cdk diff",
			"serverless deploy", "sam deploy", "eksctl get cluster", "kops delete cluster --name k.example.com", "terragrunt plan"},
	},
	{
		ID: "iac-apply-unreviewed", Title: "Apply infrastructure changes without review",
		Reason:   "-auto-approve and --yes apply the plan without showing it: a change that replaces a database or deletes a bucket goes through unseen.",
		Suggest:  "run the plan (terraform plan, pulumi preview) and apply the reviewed plan",
		When:     []string{"terraform|tofu|terragrunt apply --auto-approve !-h", "pulumi up|update --yes"},
		Over:     []string{"cloud-destroy"},
		Formerly: []string{"cloud-destroy"},
		Match:    []string{"terraform apply -auto-approve", "tofu -chdir=x apply --auto-approve", "pulumi up --yes", "pulumi up -y --skip-preview", "terragrunt run-all apply -auto-approve"},
		NoMatch:  []string{"terraform apply", "terraform apply -auto-approve=false", "pulumi up", "terraform plan"},
	},
	{
		ID: "clouds-iac-destroy", Title: "Remove or overwrite infrastructure state",
		Reason:  "Removing resources from the state, deleting a stack or workspace with --force (or a pulumi stack, its history and config, with --yes: nothing asks), overwriting the remote state or breaking its lock forgets the resources it manages: they keep running unmanaged, or the next apply duplicates or destroys them.",
		Suggest: "back the state up first (terraform state pull > backup.tfstate, pulumi stack export)",
		When: []string{"pulumi stack rm --force", "pulumi stack rm --yes", "pulumi state delete", "terraform|tofu|terragrunt workspace delete --force", "terraform|tofu|terragrunt state rm !--dry-run",
			"terraform|tofu|terragrunt state push --force", "terraform|tofu|terragrunt force-unlock"},
		Over:     []string{"destroy-data"},
		Formerly: []string{"destroy-data"},
		Match: []string{"pulumi stack rm --force", "pulumi stack rm dev --force --yes", "terraform workspace delete -force dev", "tofu -chdir=infra workspace delete -force dev",
			"pulumi -C infra stack rm --force", "pulumi stack rm prod --yes", "pulumi stack rm -y prod", "pulumi --cwd infra stack rm -y dev", "pulumi state delete urn:pulumi:prod::app::aws:rds/instance:Instance::db", "terraform state rm aws_db_instance.main",
			"terraform -chdir=infra state rm module.db", "terraform state push -force terraform.tfstate", "terraform force-unlock -force 1234"},
		NoMatch: []string{"pulumi stack ls", "pulumi stack rm", "terraform workspace delete dev", "terraform workspace list", "terraform plan", "terraform state list",
			"terraform state rm -dry-run aws_instance.a", "terraform state mv a b", "terraform state push terraform.tfstate", "terraform state pull"},
	},
	{
		ID: "iac-ansible-absent", Title: "Delete a path on managed hosts with Ansible",
		Reason:  "The file module with state=absent deletes the path, recursively, on every host the pattern matches.",
		Suggest: "run it with --check first, and limit the hosts (--limit)",
		When:    []string{"ansible --module-name=file|ansible.builtin.file $ansible-absent !--check"},
		Match: []string{"ansible web -b -m file -a 'path=/var/lib/postgresql state=absent'", "ansible web -m ansible.builtin.file -a \"path=/etc/nginx state=absent\"",
			"ansible all -m file -a 'state=absent dest=~/data'"},
		NoMatch: []string{"ansible web -m file -a 'path=/tmp/x state=absent'", "ansible web -m file -a 'path=/srv/app state=directory'", "ansible all -m ping",
			"ansible web -m file -a 'path=/etc/nginx state=absent' --check"},
	},
}}
