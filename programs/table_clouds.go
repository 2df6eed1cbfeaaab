package programs

// cloudTable holds the grammars of the cloud CLIs and of the
// infrastructure-as-code tools (registered in specs(), table_gitsys.go).
//
// How each reads its options, with the source of the fact:
//   - aws (v1 and v2) uses Python's argparse with its default
//     allow_abbrev=True: awscli/argparser.py (aws/aws-cli) builds its
//     MainArgParser, ServiceArgParser and ArgTableArgParser without
//     allow_abbrev and does not override _get_option_tuples. Checked on
//     aws-cli 1.45.11 here: `aws s3 rm s3://b/x --recur` is --recursive,
//     `aws s3 rm s3://b/x --re` is the global --region (the main parser
//     reads the whole line first), `aws s3 cp a s3://b --ex z` is
//     "ambiguous option: --ex could match --exclude, --expires,
//     --expected-size" (exit 2, v2: 252), and a flag given a value
//     (--skip-final-snapshot=1) is "ignored explicit argument". The option
//     lists of the operations below are the installed aws-cli's own
//     argument tables (argparse option strings of each operation), global
//     options are v1's and v2's together.
//   - gcloud (calliope) refuses abbreviations: its parser_extensions.py
//     ArgumentParser._get_option_tuples returns [] ("Cloud SDK no longer
//     supports flag abbreviations"); checked here on Cloud SDK 528:
//     `gcloud config list --form=json` is "unrecognized arguments". So
//     gcloud is read exactly (Loose).
//   - terraform and tofu use Go's flag package (exact names, -name and
//     --name alike); pulumi, doctl, flyctl, eksctl and kops are cobra
//     (pflag: exact names).
var cloudTable = []*Spec{
	// aws [GLOBAL…] SERVICE OP [ARGS]; a service or operation the table
	// does not list still names the path (its two words).
	{Name: "aws", Style: Argparse, SubWords: 2, Opts: `debug endpoint-url= no-verify-ssl no-paginate output= query= profile= region=
		color= no-sign-request ca-bundle= cli-read-timeout= cli-connect-timeout= v2-debug version cli-binary-format= no-cli-pager
		cli-auto-prompt no-cli-auto-prompt`, Subs: []*Spec{
		{Name: "s3", SubWords: 1, Subs: []*Spec{
			{Name: "rm", Opts: `dryrun quiet recursive request-payer= include= exclude= only-show-errors page-size=`},
			{Name: "rb", Opts: `force`},
			{Name: "sync", Opts: `dryrun quiet include= exclude= acl= follow-symlinks no-follow-symlinks no-guess-mime-type sse= sse-c= sse-c-key=
				sse-kms-key-id= sse-c-copy-source= sse-c-copy-source-key= storage-class= grants= website-redirect= content-type=
				cache-control= content-disposition= content-encoding= content-language= expires= source-region= only-show-errors
				no-progress page-size= ignore-glacier-warnings force-glacier-transfer request-payer= checksum-mode= checksum-algorithm=
				metadata= metadata-directive= case-conflict=`},
			{Name: "mv", Opts: `dryrun quiet include= exclude= acl= follow-symlinks no-follow-symlinks no-guess-mime-type sse= sse-c= sse-c-key=
				sse-kms-key-id= sse-c-copy-source= sse-c-copy-source-key= storage-class= grants= website-redirect= content-type=
				cache-control= content-disposition= content-encoding= content-language= expires= source-region= only-show-errors
				no-progress page-size= ignore-glacier-warnings force-glacier-transfer request-payer= checksum-mode= checksum-algorithm=
				metadata= metadata-directive= recursive validate-same-s3-paths case-conflict=`},
			{Name: "cp", Opts: `dryrun quiet include= exclude= acl= follow-symlinks no-follow-symlinks no-guess-mime-type sse= sse-c= sse-c-key=
				sse-kms-key-id= sse-c-copy-source= sse-c-copy-source-key= storage-class= grants= website-redirect= content-type=
				cache-control= content-disposition= content-encoding= content-language= expires= source-region= only-show-errors
				no-progress page-size= ignore-glacier-warnings force-glacier-transfer request-payer= checksum-mode= checksum-algorithm=
				metadata= metadata-directive= expected-size= recursive case-conflict=`},
		}},
		{Name: "s3api", SubWords: 1, Subs: []*Spec{
			{Name: "delete-bucket", Opts: `bucket= expected-bucket-owner= cli-input-json= generate-cli-skeleton=`},
			{Name: "delete-objects", Opts: `bucket= delete= mfa= request-payer= bypass-governance-retention no-bypass-governance-retention expected-bucket-owner=
				checksum-algorithm= cli-input-json= generate-cli-skeleton=`},
			{Name: "delete-object", Opts: `bucket= key= mfa= version-id= request-payer= bypass-governance-retention no-bypass-governance-retention
				expected-bucket-owner= if-match= if-match-last-modified-time= if-match-size= cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "rds", SubWords: 1, Subs: []*Spec{
			{Name: "delete-db-instance", Opts: `db-instance-identifier= skip-final-snapshot no-skip-final-snapshot final-db-snapshot-identifier=
				delete-automated-backups no-delete-automated-backups cli-input-json= generate-cli-skeleton=`},
			{Name: "delete-db-cluster", Opts: `db-cluster-identifier= skip-final-snapshot no-skip-final-snapshot final-db-snapshot-identifier= delete-automated-backups
				no-delete-automated-backups cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "ec2", SubWords: 1, Subs: []*Spec{
			{Name: "terminate-instances", Opts: `instance-ids= force no-force skip-os-shutdown no-skip-os-shutdown dry-run no-dry-run cli-input-json=
				generate-cli-skeleton=`},
		}},
		{Name: "secretsmanager", SubWords: 1, Subs: []*Spec{
			{Name: "delete-secret", Opts: `secret-id= recovery-window-in-days= force-delete-without-recovery no-force-delete-without-recovery cli-input-json=
				generate-cli-skeleton=`},
		}},
		{Name: "route53", SubWords: 1, Subs: []*Spec{
			{Name: "change-resource-record-sets", Opts: `hosted-zone-id= change-batch= cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "athena", SubWords: 1, Subs: []*Spec{
			{Name: "start-query-execution", Opts: `query-string= client-request-token= query-execution-context= result-configuration= work-group= execution-parameters=
				result-reuse-configuration= engine-configuration= cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "redshift-data", SubWords: 1, Subs: []*Spec{
			{Name: "execute-statement", Opts: `sql= cluster-identifier= secret-arn= db-user= database= with-event no-with-event statement-name= parameters=
				workgroup-name= client-token= result-format= session-keep-alive-seconds= session-id= cli-input-json=
				generate-cli-skeleton=`},
		}},
		{Name: "rds-data", SubWords: 1, Subs: []*Spec{
			{Name: "execute-statement", Opts: `resource-arn= secret-arn= sql= database= schema= parameters= transaction-id= include-result-metadata
				no-include-result-metadata continue-after-timeout no-continue-after-timeout result-set-options= format-records-as=
				cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "ecr", SubWords: 1, Subs: []*Spec{
			{Name: "delete-repository", Opts: `registry-id= repository-name= force no-force cli-input-json= generate-cli-skeleton=`},
		}},
		{Name: "cloudformation", SubWords: 1, Subs: []*Spec{
			{Name: "delete-stack", Opts: `stack-name= retain-resources= role-arn= client-request-token= deletion-mode= cli-input-json= generate-cli-skeleton=`},
		}},
	}},
	// gcloud [GLOBAL…] [alpha|beta|preview] GROUP… VERB [ARGS]: the groups,
	// the verb and the positionals are operands; the flags listed take a
	// value (so that a value is never read as the verb).
	{Name: "gcloud", Style: Loose, Opts: `project= account= configuration= format= verbosity= billing-project= impersonate-service-account=
		flags-file= flatten= trace-token= access-token-file= region= zone= location= q/quiet h/help filter= limit= page-size= sort-by=
		keyring= key= secret= database= instance= cluster= service= network= subnet= image= machine-type= collection-ids= sql= async`},
	{Name: "gsutil", Style: POSIX, Opts: `m o= h= u= i= D d q v`, Subs: []*Spec{
		{Name: "rm", Opts: `a f I r R e`}, {Name: "rb", Opts: `f`}, {Name: "rsync", Opts: `a= c C d e i j= J n p P r R U u x= y=`},
		{Name: "cp", Opts: `a= A c D e I j= J L= M n p P r R s= U v z=`}, {Name: "mv", Opts: `a= e I M n p s= v`}, {Name: "ls", Opts: `a b d e h l L p= r R`},
	}},
	// az [GLOBAL…] GROUP… VERB [ARGS]: knack's CLICommandParser and
	// azure-cli's AzCliCommandParser are argparse parsers that neither pass
	// allow_abbrev nor override _get_option_tuples (knack/parser.py,
	// azure-cli-core azure/cli/core/parser.py; read from the source, az is
	// not installed here), so --mod is --mode. The list is the union of
	// many commands' options (Partial): a prefix of two is read as unknown.
	{Name: "az", Style: Argparse, Partial: true, Opts: `subscription= o/output= query= g/resource-group= n/name= l/location= s/server= y/yes h/help debug verbose
		only-show-errors ids= vault-name= account-name= container-name= database-name= mode= template-file= parameters= assignee= role= scope=
		what-if confirm-with-what-if`},
	{Name: "doctl", Style: Cobra, Opts: `t/access-token= context= c/config= o/output= u/api-url= f/force`},
	{Name: "flyctl", Style: Cobra, Opts: `a/app= c/config= t/access-token= y/yes`, Aliases: []string{"fly"}},
	{Name: "heroku", Style: Loose, Opts: `a/app= r/remote= confirm=`},
	{Name: "pulumi", Style: Cobra, Opts: `C/cwd= s/stack= color= y/yes f/force preview-only`},
	// terraform and tofu: Go flags; -chdir= before the subcommand.
	{Name: "terraform", Style: GoFlag, Opts: `chdir= help version`, Aliases: []string{"tofu"}, Subs: []*Spec{
		{Name: "workspace", Subs: []*Spec{{Name: "delete", Opts: `force lock lock-timeout=`}, {Name: "new", Opts: `lock lock-timeout= state=`},
			{Name: "select", Opts: `or-create`}, {Name: "list"}, {Name: "show"}}},
		{Name: "apply", Opts: tfPlanFlags}, {Name: "destroy", Opts: tfPlanFlags}, {Name: "plan", Opts: tfPlanFlags + ` out= detailed-exitcode`},
		{Name: "state", Subs: []*Spec{{Name: "rm", Opts: tfStateFlags}, {Name: "mv", Opts: tfStateFlags}, {Name: "push", Opts: `force lock lock-timeout= ignore-remote-version`},
			{Name: "pull"}, {Name: "list", Opts: `state= id=`}, {Name: "show", Opts: `state=`}, {Name: "replace-provider", Opts: tfStateFlags + ` auto-approve`}}},
		{Name: "force-unlock", Opts: `force`},
	}},
	// terragrunt: its own options (old --terragrunt-* and new names) before
	// or after the command, terraform's flags handed on with one dash;
	// run-all, run --all and stack commands run terraform's command in
	// every unit.
	{Name: "terragrunt", Style: Loose, Dash1: true, Opts: tfPlanFlags + ` terragrunt-working-dir= terragrunt-config= terragrunt-non-interactive
		terragrunt-include-dir= terragrunt-exclude-dir= terragrunt-log-level= working-dir= config= non-interactive log-level= queue-include-dir=
		queue-exclude-dir= all`},
	{Name: "vercel", Style: Loose, Opts: `t/token= scope= S= A/local-config= Q/global-config= y/yes`},
	{Name: "netlify", Style: Loose, Opts: `auth= s/site= f/force`},
	{Name: "wrangler", Style: Loose, Opts: `c/config= e/env= name=`},
	{Name: "linode-cli", Style: Loose, Opts: `as-user= suppress-warnings no-defaults text json format= h/help`},
	{Name: "scw", Style: Cobra, Opts: `c/config= p/profile= o/output= D/debug`},
	{Name: "oci", Style: Loose, Opts: `profile= config-file= region= auth= output= query= force endpoint=`},
	{Name: "ibmcloud", Style: Loose, Opts: `f/force q/quiet`, Aliases: []string{"ic"}},
	{Name: "exo", Style: Cobra, Opts: `C/config= z/zone= O/output-format= A/use-account= Q/quiet f/force`, Aliases: []string{"exoscale"}},
	{Name: "eksctl", Style: Cobra, Opts: `n/name= cluster= r/region= p/profile= f/config-file= approve wait`},
	{Name: "kops", Style: Cobra, Opts: `name= state= y/yes v=`},
	{Name: "cdk", Style: Loose, Opts: `a/app= c/context= p/profile= f/force all`, Aliases: []string{"aws-cdk"}},
	{Name: "cdktf", Style: Loose, Opts: `app= auto-approve`},
	{Name: "ansible", Style: Loose, Opts: `m/module-name= a/args= i/inventory= l/limit= u/user= e/extra-vars= f/forks= b/become become-user=
		C/check D/diff k K`},
}

// tfPlanFlags are the flags of terraform plan, apply and destroy.
const tfPlanFlags = `auto-approve destroy refresh-only replace= target= var= var-file= lock lock-timeout= input parallelism= state= state-out=
	backup= compact-warnings json no-color refresh help h`

// tfStateFlags are the flags of terraform state rm and mv.
const tfStateFlags = `dry-run backup= lock lock-timeout= state= state-out= ignore-remote-version`
