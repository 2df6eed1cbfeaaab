package programs

// Clouds: deleting cloud resources that the generic cloud-destroy rule
// does not reach (or reaches only by a word anywhere on the line).
var packClouds = &Pack{Name: "clouds", Title: "Cloud providers and hosting platforms", File: "programs/pack_clouds.go", Entries: []*Entry{
	{
		ID: "clouds-aws-delete", Title: "Delete or terminate AWS resources",
		Reason:  "An AWS delete-*, terminate-* or deregister-* call removes the resource (table, bucket, instance, stack, secret, key) with no undo.",
		Suggest: "check the resource and the profile first (aws … describe-*), and take a snapshot or backup",
		When:    []string{"aws * delete-*|terminate-*|deregister-*|schedule-key-deletion|purge-queue !$harmless-aws"},
		Over:    []string{"cloud-destroy"},
		Match: []string{"aws dynamodb delete-table --table-name t", "aws --profile prod dynamodb delete-table --table-name t", "AWS_PROFILE=prod aws dynamodb delete-table --table-name t",
			"/usr/local/bin/aws rds delete-db-instance --db-instance-identifier db", "python -m awscli dynamodb delete-table --table-name t", "aws --region=eu-west-1 ec2 terminate-instances --instance-ids i-1",
			"aws secretsmanager delete-secret --secret-id x --force-delete-without-recovery", "aws sqs purge-queue --queue-url u", "aws kms schedule-key-deletion --key-id k"},
		NoMatch: []string{"aws s3 ls", "aws dynamodb describe-table --table-name t", "aws sqs delete-message --queue-url u --receipt-handle h", "aws ec2 describe-instances", "echo aws dynamodb delete-table"},
	},
	{
		ID: "clouds-az-delete", Title: "Delete or purge Azure resources",
		Reason:  "az … delete-batch and purge remove every blob or file that matches, or a soft-deleted vault or secret for good.",
		When:    []string{"az * delete-batch|purge"},
		Match:   []string{"az storage blob delete-batch --source c --account-name a", "az keyvault purge --name kv", "az keyvault secret purge --vault-name kv --name s"},
		NoMatch: []string{"az storage blob list --container-name c", "az keyvault show --name kv"},
	},
	{
		ID: "clouds-platform-destroy", Title: "Delete a hosted app, site, worker or volume",
		Reason: "Deleting an app, site, project, worker, database, volume or machine on a hosting platform removes it and its data for everyone.",
		When: []string{
			"netlify sites:delete|sites:remove",
			"wrangler delete", "wrangler r2|kv|kv:namespace|kv:key|d1|queues|pages|vectorize|hyperdrive delete",
			"vercel projects|project|domains|domain rm|remove",
			"fly|flyctl * destroy|delete", "fly|flyctl destroy",
			"heroku apps:destroy|apps:delete|addons:destroy|addons:remove|pg:reset|destroy",
			"doctl * delete|rm", "hcloud * delete",
		},
		Over: []string{"destroy-data", "cloud-destroy"},
		Match: []string{"netlify sites:delete abc", "wrangler delete", "wrangler r2 bucket delete b", "wrangler kv namespace delete --namespace-id x", "wrangler d1 delete db",
			"vercel projects rm p", "fly apps destroy app -y", "flyctl volumes destroy vol_1", "fly machine destroy m --force", "heroku apps:destroy -a app --confirm app",
			"heroku addons:destroy heroku-postgresql -a app", "doctl compute droplet delete web", "doctl databases delete db1"},
		NoMatch: []string{"netlify deploy --prod", "wrangler deploy", "wrangler r2 bucket list", "vercel --prod", "fly deploy", "fly apps list", "heroku apps:info", "doctl compute droplet list"},
	},
	{
		ID: "clouds-iac-destroy", Title: "Remove infrastructure state",
		Reason:  "Removing a stack or workspace with --force forgets the resources it manages; they keep running, unmanaged, or their state is lost.",
		When:    []string{"pulumi stack rm --force", "terraform|tofu workspace delete --force"},
		Over:    []string{"destroy-data"},
		Match:   []string{"pulumi stack rm --force", "pulumi stack rm dev --force --yes", "terraform workspace delete -force dev", "tofu -chdir=infra workspace delete -force dev", "pulumi -C infra stack rm --force"},
		NoMatch: []string{"pulumi stack ls", "pulumi stack rm", "terraform workspace delete dev", "terraform workspace list", "terraform plan"},
	},
}}
